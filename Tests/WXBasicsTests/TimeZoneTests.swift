import Foundation
import Testing
import WXBasics
import WeatherTestSupport

/// The TZif reader over /usr/share/zoneinfo (tzdata is installed by `make deps` and .ci/run).
@Suite(.tags(.unit)) struct TimeZoneFileTests {
    let database = TimeZoneDatabase.shared

    /// Seconds since the epoch of a UTC wall-clock time.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0, _ second: Int = 0) -> Int64 {
        Int64(CivilCalendar.days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    func expectOffset(
        _ zone: String, _ seconds: Int64, _ utcOffsetSeconds: Int, _ abbreviation: String, dst: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let offset = database.offset(at: seconds, in: zone)
        #expect(
            offset == ZoneOffset(utcOffsetSeconds: utcOffsetSeconds, abbreviation: abbreviation, isDaylightSaving: dst),
            "\(zone) at \(seconds)", sourceLocation: sourceLocation)
    }

    @Test func berlinAcrossBothChangesOf2025() {
        // Summer time began 2025-03-30 01:00 UTC and ended 2025-10-26 01:00 UTC.
        expectOffset("Europe/Berlin", Self.utc(2025, 3, 30, 0, 59, 59), 3_600, "CET", dst: false)
        expectOffset("Europe/Berlin", Self.utc(2025, 3, 30, 1), 7_200, "CEST", dst: true)
        expectOffset("Europe/Berlin", Self.utc(2025, 10, 26, 0, 59, 59), 7_200, "CEST", dst: true)
        expectOffset("Europe/Berlin", Self.utc(2025, 10, 26, 1), 3_600, "CET", dst: false)
        let reading = database.localTime(Int(Self.utc(2025, 7, 27, 3, 10)), in: "Europe/Berlin")
        #expect(reading?.date == LocalDate(year: 2025, month: 7, day: 27))
        #expect(reading?.hour == 5 && reading?.minute == 10)
    }

    @Test func denverAtTheEndOfDaylightSavingTime() {
        // 2025-11-02 08:00 UTC: 01:59:59 MDT is followed by 01:00:00 MST.
        expectOffset("America/Denver", Self.utc(2025, 11, 2, 7, 59, 59), -21_600, "MDT", dst: true)
        expectOffset("America/Denver", Self.utc(2025, 11, 2, 8), -25_200, "MST", dst: false)
        #expect(database.localTime(Int(Self.utc(2025, 11, 2, 8)), in: "America/Denver")?.hour == 1)
    }

    @Test func kolkataIsFiveAndAHalfHoursAhead() {
        expectOffset("Asia/Kolkata", Self.utc(2025, 1, 15, 12), 19_800, "IST", dst: false)
        expectOffset("Asia/Kolkata", Self.utc(2025, 7, 15, 12), 19_800, "IST", dst: false)
        let reading = database.localTime(Int(Self.utc(2025, 1, 15, 20, 45)), in: "Asia/Kolkata")
        #expect(
            reading?.date == LocalDate(year: 2025, month: 1, day: 16) && reading?.hour == 2 && reading?.minute == 15)
    }

    @Test func lordHoweChangesByHalfAnHour() {
        // Daylight time (+11) ended 2025-04-05 15:00 UTC and began again 2025-10-04 15:30 UTC.
        expectOffset("Australia/Lord_Howe", Self.utc(2025, 4, 5, 14, 59, 59), 39_600, "+11", dst: true)
        expectOffset("Australia/Lord_Howe", Self.utc(2025, 4, 5, 15), 37_800, "+1030", dst: false)
        expectOffset("Australia/Lord_Howe", Self.utc(2025, 10, 4, 15, 29, 59), 37_800, "+1030", dst: false)
        expectOffset("Australia/Lord_Howe", Self.utc(2025, 10, 4, 15, 30), 39_600, "+11", dst: true)
    }

    @Test func farFutureInstantsFollowTheFooterRule() throws {
        let berlin = try #require(database.zone("Europe/Berlin"))
        let last = try #require(berlin.transitions.last)
        #expect(Self.utc(2300, 1, 1, 0) > last)
        #expect(berlin.footer == POSIXTimeZone("CET-1CEST,M3.5.0,M10.5.0/3"))
        // 2300: last Sunday of March is the 25th, of October the 28th.
        expectOffset("Europe/Berlin", Self.utc(2300, 3, 25, 0, 59, 59), 3_600, "CET", dst: false)
        expectOffset("Europe/Berlin", Self.utc(2300, 3, 25, 1), 7_200, "CEST", dst: true)
        expectOffset("Europe/Berlin", Self.utc(2300, 10, 28, 1), 3_600, "CET", dst: false)
        // Lord Howe in 2300, southern hemisphere: daylight time over the new year.
        expectOffset("Australia/Lord_Howe", Self.utc(2300, 1, 1, 0), 39_600, "+11", dst: true)
        expectOffset("Australia/Lord_Howe", Self.utc(2300, 7, 1, 0), 37_800, "+1030", dst: false)
    }

    @Test func utcAndUnknownZones() {
        expectOffset("UTC", Self.utc(2025, 7, 1, 12), 0, "UTC", dst: false)
        expectOffset("Etc/GMT+5", Self.utc(2025, 7, 1, 12), -18_000, "-05", dst: false)
        #expect(database.offset(at: 0, in: "Mars/Olympus_Mons") == nil)
        #expect(database.offset(at: 0, in: "Europe") == nil)  // a folder, not a zone
    }

    @Test(arguments: [
        "../../etc/passwd", "/etc/localtime", "Europe/../../etc/passwd", "", "Europe/", "Europe//Berlin",
        "Europe/Berlin\u{0}", "Europe/Berlin ", "./UTC", "Europe/Berlin.swift", String(repeating: "A", count: 80),
        "Europe///Berlin", "Europe/Berlin//", "//", "/", "Europe/..", "Europe/Bérlin", "Europe/\r\nBerlin",
    ])
    func hostileZoneNamesAreRefused(name: String) {
        #expect(!TimeZoneDatabase.isValidIdentifier(name))
        #expect(database.offset(at: 0, in: name) == nil)
    }

    @Test func validZoneNames() {
        for name in [
            "Europe/Berlin", "UTC", "Etc/GMT+5", "Etc/GMT-14", "America/Argentina/Buenos_Aires",
            "America/Port-au-Prince",
        ] {
            #expect(TimeZoneDatabase.isValidIdentifier(name), "\(name)")
        }
    }

    @Test func versionOneFilesAndMalformedBytes() throws {
        // A hand-made version 1 file: one transition at 1000 from type 0 (+01:00 "AAA") to
        // type 1 (+02:00 "BBB", DST).
        var bytes = Array("TZif".utf8) + [0] + [UInt8](repeating: 0, count: 15)
        func int32(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        bytes += int32(0) + int32(0) + int32(0) + int32(1) + int32(2) + int32(8)
        bytes += int32(1_000) + [1]
        bytes += int32(3_600) + [0, 0] + int32(7_200) + [1, 4]
        bytes += Array("AAA\0BBB\0".utf8)
        let file = try TimeZoneFile(bytes)
        #expect(file.version == 1 && file.footer == nil)
        #expect(file.offset(at: 999).abbreviation == "AAA")
        #expect(
            file.offset(at: 1_000) == ZoneOffset(utcOffsetSeconds: 7_200, abbreviation: "BBB", isDaylightSaving: true))
        #expect(file.offset(at: .max).abbreviation == "BBB")
        for cut in [0, 4, 20, 44, bytes.count - 1] {
            #expect(throws: TimeZoneFile.Failure.self) { try TimeZoneFile(Array(bytes[..<cut])) }
        }
        var badType = bytes
        badType[48] = 7  // the transition's type index, past the two types
        #expect(throws: TimeZoneFile.Failure.self) { try TimeZoneFile(badType) }
    }

    @Test func posixRules() throws {
        let india = try #require(POSIXTimeZone("IST-5:30"))
        #expect(india.standard.utcOffsetSeconds == 19_800 && india.daylightSaving == nil)
        let chatham = try #require(POSIXTimeZone("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45"))
        #expect(chatham.daylightSaving?.offset.utcOffsetSeconds == 49_500)
        // All-year daylight time (RFC 8536 3.3.1).
        let allYear = try #require(POSIXTimeZone("EST5EDT,0/0,J365/25"))
        for month in [1, 6, 12] {
            #expect(allYear.offset(at: Self.utc(2040, month, 1, 12)).abbreviation == "EDT")
        }
        // Version 3 times beyond 24 hours and negative times.
        let v3 = try #require(POSIXTimeZone("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1"))
        #expect(v3.daylightSaving?.start.secondsOfDay == -7_200)
        // "CET" alone has no offset, which is required.
        for text in [
            "", "CE", "CET", "CET-1CEST,M3.5", "CET-1CEST,M13.1.0,M10.5.0", "<+1>-1", ":Europe/Berlin",
            "CET-1CEST,J0,J365",
        ] {
            #expect(POSIXTimeZone(text) == nil, "\(text)")
        }
    }

    /// glibc, asked through date(1) with `TZ` set in the child's environment only (switching `TZ`
    /// in this process would race every other test's getenv), must agree for every instant.
    @Test(arguments: [
        "Europe/Berlin", "America/Denver", "Asia/Kolkata", "Australia/Lord_Howe", "Europe/Dublin",
        "Pacific/Chatham", "America/Sao_Paulo", "Africa/Casablanca", "Antarctica/Troll", "America/St_Johns",
    ])
    func agreesWithGlibc(zone: String) throws {
        let file = try #require(database.zone(zone))
        // Every transition from 1900 to 2100 and a second before it, plus a spread over 1900–2400.
        let from = Self.utc(1900, 1, 1, 0)
        let to = Self.utc(2100, 1, 1, 0)
        var instants = file.transitions.filter { $0 > from && $0 < to }.flatMap { [$0 - 1, $0] }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            instants.append(from + Int64(state >> 33) % (Self.utc(2400, 1, 1, 0) - from))
        }
        let glibc = try Self.glibcOffsets(instants, zone: zone)
        try #require(glibc.count == instants.count)
        var disagreements: [String] = []
        for (instant, expected) in zip(instants, glibc) {
            let ours = file.offset(at: instant)
            if ours.utcOffsetSeconds != expected.offset || ours.abbreviation != expected.abbreviation {
                disagreements.append(
                    "\(instant): ours \(ours.utcOffsetSeconds) \(ours.abbreviation), glibc \(expected)")
            }
        }
        #expect(disagreements.count == 0, "\(zone): \(disagreements.prefix(5))")
    }

    /// Each instant's UTC offset and abbreviation as glibc's localtime_r gives them, through
    /// `TZ=zone date -f FILE '+%::z %Z'` (one process for all instants).
    static func glibcOffsets(_ instants: [Int64], zone: String) throws -> [(offset: Int, abbreviation: String)] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("wx-tz-\(UUID().uuidString)")
        try instants.map { "@\($0)" }.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/date")
        process.arguments = ["-f", input.path, "+%::z %Z"]
        process.environment = ["TZ": zone, "LC_ALL": "C"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            let sign = parts[0].hasPrefix("-") ? -1 : 1
            let fields = parts[0].dropFirst().split(separator: ":").map { Int($0)! }
            return (sign * (fields[0] * 3_600 + fields[1] * 60 + fields[2]), String(parts[1]))
        }
    }
}
