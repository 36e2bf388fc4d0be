import Foundation
import Testing
import WeatherTestSupport

/// Words around the place of `plume` and `best`, through the built wx and the loopback server
/// (the hand-written Paris ensemble): a word that is no variable before the place is said to be
/// one, not sent to a geocoder with it; a WHEN after the place is the WHEN.
@Suite(.tags(.endToEnd))
struct DecisionPlaceWordsEndToEndTests {
    static let now = "2026-10-23T05:10:00Z"
    static let paris = "48.86,2.35"

    @Test func aWordBeforeThePlaceThatIsNoVariableIsUnknown() throws {
        let server = try FixtureServer()
        for line in ["plume foo \(Self.paris)", "plume foo 24h \(Self.paris)", "plume Foo 48.86, 2.35"] {
            let run = try runWX(stdin: line + "\n", home: TemporaryFolder(), server: server, now: Self.now)
            #expect(run.status == 2, "\(line): \(run.stderr)")
            #expect(run.stdout.isEmpty, "\(line): \(run.stdout)")
            #expect(
                run.stderr
                    == "error: unknown variable “\(line.split(separator: " ")[1])” (temperature, precipitation, gusts, wind)\n",
                "\(line): \(run.stderr)")
        }
        #expect(try server.requests().isEmpty)
    }

    /// Words before coordinates name no place to look up (a trial's `drift tomorow 53.5413,9.9842`
    /// sent “tomorow 53.5413,9.9842” to the geocoder and said no place was found; `check --rain
    /// 50% tomorrow 48.85,2.35` exited 3, “cannot tell”, on every cron run): a usage error, exit 2,
    /// no request — `drift` names the word an unknown day, as it does before a place's name.
    @Test func wordsBeforeCoordinatesAreAMistakeNotAPlace() throws {
        let server = try FixtureServer()
        let cases: [(line: String, error: String)] = [
            (
                "drift tomorow 53.5413,9.9842",
                "error: unknown day “tomorow” (tomorrow, today, a weekday or a date as YYYY-MM-DD)\n"
            ),
            (
                "confidence tomorrow 53.5413,9.9842",
                "error: unknown “tomorrow” before the coordinates 53.5413,9.9842: coordinates name a place alone\n"
            ),
            (
                "show next week 48.85, 2.35",
                "error: unknown “next week” before the coordinates 48.85, 2.35: coordinates name a place alone\n"
            ),
        ]
        for (line, error) in cases {
            let run = try runWX(stdin: line + "\n", home: TemporaryFolder(), server: server, now: Self.now)
            #expect(run.status == 2, "\(line): \(run.stderr)")
            #expect(run.stderr == error, "\(line)")
        }
        let check = try runWX(
            ["check", "--rain", "50%", "tomorrow", Self.paris], home: TemporaryFolder(), server: server,
            now: Self.now)
        #expect(check.status == 2, "\(check.stderr)")
        #expect(check.stderr.contains("unknown “tomorrow” before the coordinates \(Self.paris)"), "\(check.stderr)")
        #expect(try server.requests().isEmpty)
    }

    /// A WHEN after the place, without one before it, is the WHEN: the same windows as with the
    /// WHEN before the place (a trial's `best 2h dry 48.85,2.35 tomorrow` geocoded “48.85,2.35
    /// tomorrow”).
    @Test func aWhenAfterThePlaceIsTheWhen() throws {
        let server = try FixtureServer()
        for when in ["tomorrow", "sat", "weekend", "next 2 days"] {
            let before = try runWX(
                stdin: "best 2h dry \(when) \(Self.paris)\n", home: TemporaryFolder(), server: server, now: Self.now,
                environment: ["COLUMNS": "100"])
            let after = try runWX(
                stdin: "best 2h dry \(Self.paris) \(when)\n", home: TemporaryFolder(), server: server, now: Self.now,
                environment: ["COLUMNS": "100"])
            #expect(before.status == 0, "\(when): \(before.stderr)")
            #expect(after.status == before.status, "\(when): \(after.stderr)")
            #expect(after.stderr == before.stderr, "\(when): \(after.stderr)")
            #expect(after.stdout == before.stdout, "\(when): \(after.stdout)")
        }
        #expect(try server.requests().allSatisfy { $0.path != "/search" })
    }

    /// `plume foo Berlin`, `drift someday Berlin` in the demo: “foo Berlin” is no place, and
    /// Berlin alone is one the demo has: the first word is the mistake (a usage error, exit 2),
    /// not a place the demo lacks. `plume New York` still reads New York as the place.
    @Test func aStrayWordBeforeAKnownPlaceIsUnknown() throws {
        let plume = try runDemo("plume foo Berlin").run
        #expect(plume.status == 2, "\(plume.stderr)")
        #expect(plume.stderr == "error: unknown variable “foo” (temperature, precipitation, gusts, wind)\n")
        let drift = try runDemo("drift someday Berlin").run
        #expect(drift.status == 2, "\(drift.stderr)")
        #expect(
            drift.stderr
                == "error: unknown day “someday” (tomorrow, today, a weekday or a date as YYYY-MM-DD)\n")
        let newYork = try runDemo("plume New York").run
        #expect(!newYork.stderr.contains("unknown variable"), "\(newYork.stderr)")
    }

    /// The same before a favorite's name, outside the demo, when the geocoder finds nothing for
    /// the whole.
    @Test func aStrayWordBeforeAFavoriteIsUnknown() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/search", body: "[]", times: 3))
        let home = TemporaryFolder()
        let csv = home.path + "/f.csv"
        try "name,latitude,longitude\nCottage,48.86,2.35\n".write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(try runWX(["import", "favorites", csv], home: home).status == 0)
        let run = try runWX(stdin: "plume foo Cottage\n", home: home, server: server, now: Self.now)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr == "error: unknown variable “foo” (temperature, precipitation, gusts, wind)\n")
    }

    /// Nominatim's answer for Paris (a city found only by the live geocoder, no favorite).
    static let parisBody =
        #"[{"place_id":1,"lat":"48.8566","lon":"2.3522","name":"Paris","display_name":"Paris, Île-de-France, France","addresstype":"city","address":{"city":"Paris","state":"Île-de-France","country":"France","country_code":"fr"}}]"#

    /// `plume WORD PLACE` with PLACE found only by the geocoder: looked up as `show` looks it up
    /// (the same request), the plume drawn for it; and when it is not found, or no geocoder can
    /// be reached, the same error as `show`'s.
    @Test func aPlaceOnlyTheGeocoderFindsIsLookedUpAsShowDoes() throws {
        let server = try FixtureServer()
        try server.queue(.init(path: "/search", body: Self.parisBody, contentType: "application/json"))
        let run = try runWX(stdin: "plume gusts Paris\n", home: TemporaryFolder(), server: server, now: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Paris, Île-de-France, France · gusts, median and 10–90 % of the members\n"))
        let asked = try server.requests()
        #expect(asked.map(\.path) == ["/search", "/v1/ensemble"], "\(asked.map(\.path))")
        #expect(asked.first?.query["q"] == "Paris")

        let nowhere = try FixtureServer()
        try nowhere.queue(.init(path: "/search", body: "[]", contentType: "application/json", times: 2))
        let down = ["WX_NOMINATIM_URL": "http://127.0.0.1:1", "WX_OPEN_METEO_GEOCODING_URL": "http://127.0.0.1:1"]
        for environment in [[:], down] {
            let plume = try runWX(
                stdin: "plume gusts Nowhere\n", home: TemporaryFolder(), server: nowhere, now: Self.now,
                environment: environment)
            let show = try runWX(
                stdin: "show Nowhere\n", home: TemporaryFolder(), server: nowhere, now: Self.now,
                environment: environment)
            #expect(plume.status == 1 && show.status == 1, "\(plume.stderr)\(show.stderr)")
            #expect(!plume.stderr.isEmpty && plume.stderr == show.stderr, "\(plume.stderr)\(show.stderr)")
        }
    }

    /// `plume foo Paris`, `drift someday Paris`: nothing is found for the whole, and Paris alone
    /// is a place the geocoder finds, as a favorite would be: the first word is the mistake (a
    /// usage error), not a place named “foo Paris” (a fresh user's `plume WORD PLACE`).
    @Test func aStrayWordBeforeAPlaceTheGeocoderFindsIsUnknown() throws {
        for (line, said) in [
            ("plume foo Paris", "error: unknown variable “foo” (temperature, precipitation, gusts, wind)\n"),
            (
                "drift someday Paris",
                "error: unknown day “someday” (tomorrow, today, a weekday or a date as YYYY-MM-DD)\n"
            ),
        ] {
            let server = try FixtureServer()
            try server.queue(.init(path: "/search", body: "[]", contentType: "application/json"))
            try server.queue(.init(path: "/search", body: Self.parisBody, contentType: "application/json"))
            let run = try runWX(stdin: line + "\n", home: TemporaryFolder(), server: server, now: Self.now)
            #expect(run.status == 2, "\(line): \(run.stderr)")
            #expect(run.stderr == said, "\(line): \(run.stderr)")
            let asked = try server.requests()
            #expect(
                asked.compactMap { $0.query["q"] } == [String(line.split(separator: " ", maxSplits: 1)[1]), "Paris"])
            #expect(asked.allSatisfy { $0.path == "/search" }, "\(asked.map(\.path))")
        }
    }
}
