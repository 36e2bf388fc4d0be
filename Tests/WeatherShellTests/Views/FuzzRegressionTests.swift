import Foundation
import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

/// Replays every input `make fuzz` ever found a problem with (Fixtures/fuzz-regressions), and
/// every recorded body, through the same decode-and-render path the fuzzer uses.
@MainActor
@Suite(.tags(.unit)) struct FuzzRegressionTests {
    nonisolated static let inputs: [String] = {
        let root = TestPaths.fixtures.appendingPathComponent("fuzz-regressions")
        return DecoderExercise.targets.flatMap { target in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(target).path)) ?? [])
                .sorted().map { "fuzz-regressions/\(target)/\($0)" }
        }
    }()

    @Test func thereAreRegressionInputs() {
        #expect(Self.inputs.count >= 5)
    }

    @Test(arguments: inputs)
    func regression(path: String) {
        let target = path.split(separator: "/")[1]
        let folder = TemporaryFolder()
        DecoderExercise.run(String(target), TestPaths.fixture(path), folder: folder.path)
    }

    @Test func aUnixTimeBeyondRangeIsAMalformedAnswer() throws {
        let body = String(decoding: TestPaths.fixture("fuzz-regressions/openweathermap/time-beyond-int"), as: UTF8.self)
        let json = try JSONValue.parse(Data(body.utf8))
        #expect(throws: ServiceError.malformedResponse(.openWeatherMap, detail: "no current weather in the answer")) {
            try OpenWeatherMapProvider.forecast(from: json, requested: Coordinate(latitude: 55.75, longitude: 37.62))
        }
        #expect(JSONValue.number(1_700_000_000).unixTime == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(JSONValue.string("1700000000").unixTime == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(JSONValue.number(1e11).unixTime == nil)
        #expect(JSONValue.number(-.infinity).unixTime == nil)
    }

    @Test func everyRecordedBodyThroughEveryServiceDecoder() {
        let folder = TemporaryFolder()
        for file in JSONFixtures.all {
            for target in DecoderExercise.targets where target != "log" && target != "state-plist" {
                DecoderExercise.run(target, TestPaths.fixture(file), folder: folder.path)
            }
        }
    }
}

enum JSONFixtures {
    static let all: [String] = ["nominatim", "open-meteo-forecast", "open-meteo-geocoding", "openweathermap", "cases"]
        .flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(
                atPath: TestPaths.fixtures.appendingPathComponent(folder).path)) ?? [])
                .sorted().map { "\(folder)/\($0)" }
        }
}
