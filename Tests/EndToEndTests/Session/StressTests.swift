import Foundation
import Synchronization
import Testing
import WeatherTestSupport

/// Two wx processes in script mode share one state folder and run mixed fav/unfav/save/rm
/// commands; one of them is killed with SIGKILL at random moments and restarted. Afterwards
/// state.plist parses, every acknowledged snapshot is in the log (and every acknowledged deletion
/// holds), no snapshot id was given twice — not even after `log compact`, which both writers run
/// now and then — the log has no torn record, and the favorites equal what the acknowledged
/// operations say. Meanwhile a third process lists the snapshots from log.jsonl.index over and
/// over (and is killed now and then): at the end that list is what the log holds.
///
/// The writers also run the commands added since (issue 38): `confidence`, `warnings` and `drift`
/// among their writes, and `save` keeps a warning in force (the NWS feed answers a flood watch for
/// the whole run): no wx run may end but by the test's SIGKILL (crashes are counted), and the
/// snapshots in the log carry their warnings.
///
/// `make test` runs WX_STRESS_ROUNDS rounds (default 2) of 1,000 commands per process;
/// `make stress` runs 100. WX_STRESS_SECONDS, when set, runs rounds until that much wall time
/// has passed instead (at least one). The test prints its figures on one line: rounds, wx
/// runs, SIGKILLs, acknowledged writes, and how many were lost or given twice (0 expected).
@Suite(.serialized, .tags(.stress)) struct StressTests {
    static var rounds: Int { Int(ProcessInfo.processInfo.environment["WX_STRESS_ROUNDS"] ?? "") ?? 2 }
    /// The wall time to run rounds for, when WX_STRESS_SECONDS is set.
    static var seconds: Double? { Double(ProcessInfo.processInfo.environment["WX_STRESS_SECONDS"] ?? "") }
    static let commandsPerProcess = 1_000

    /// What went wrong in the rounds run, counted (each is also an expectation that failed).
    struct Losses {
        /// Acknowledged snapshots missing from the log, acknowledged deletions that did not
        /// hold, and acknowledged favorite changes state.plist does not hold.
        var lost = 0
        /// Snapshot ids given twice (to one writer, to two, or in the log), and favorite names
        /// that are not unique.
        var duplicates = 0
    }

    @Test func twoWritersOneKilledAtRandom() throws {
        let server = try FixtureServer()
        // A warning in force at the writers' WX_NOW for every NWS request of the run.
        try server.queue(
            .init(
                path: "/alerts/active", file: "hostile/nws-alerts-flood-watch-in-force-2023-11-hand-written.json",
                times: 1_000_000))
        var crashesInAll = 0
        var crashReports: [String] = []
        var snapshotsWithWarnings = 0
        var killsInAll = 0
        var acknowledgedInAll = 0
        var writerRunsInAll = 0
        var losses = Losses()
        nonisolated(unsafe) var listingsInAll = 0
        nonisolated(unsafe) var listingKillsInAll = 0
        let began = Date()
        var round = 0
        while Self.seconds.map({ round == 0 || Date().timeIntervalSince(began) < $0 }) ?? (round < Self.rounds) {
            round += 1
            let home = TemporaryFolder()
            // Open-Meteo's geocoder names coordinates locally, so no Nominatim spacing applies.
            let setup = try runWX(["geocoder", "open-meteo"], home: home, server: server)
            #expect(setup.status == 0)
            var seed = SplitMix(seed: UInt64(round) * 7_919)
            let writers = [
                Writer(name: "A", longitude: -104.8, seed: seed.next()),
                Writer(name: "B", longitude: -105.0, seed: seed.next()),
            ]
            // 1.2 MB of history first, so that the listings below write log.jsonl.index (from
            // 1 MiB folded) while the writers append to the log and compact it.
            try seedHistory(home: home)
            let group = DispatchGroup()
            for (index, writer) in writers.enumerated() {
                group.enter()
                DispatchQueue.global().async {
                    writer.run(commands: Self.commandsPerProcess, killing: index == 0, home: home, server: server)
                    group.leave()
                }
            }
            // A third process lists the snapshots (`saved`, from the index) over and over, and is
            // itself killed now and then, perhaps while it writes the index.
            let reader = DispatchGroup()
            reader.enter()
            let readerSeed = seed.next()
            DispatchQueue.global().async {
                let listed = Self.listRepeatedly(home: home, server: server, seed: readerSeed, until: group)
                listingsInAll += listed.runs
                listingKillsInAll += listed.kills
                reader.leave()
            }
            group.wait()
            reader.wait()
            killsInAll += writers[0].kills
            crashesInAll += writers.reduce(0) { $0 + $1.crashes }
            crashReports += writers.flatMap(\.crashReports)
            snapshotsWithWarnings += try Self.snapshotsWithWarnings(home: home)
            acknowledgedInAll += writers.reduce(0) { $0 + $1.acknowledgedWrites }
            writerRunsInAll += writers.reduce(0) { $0 + $1.runs }
            try check(home: home, server: server, writers: writers, round: round, losses: &losses)
        }
        #expect(killsInAll >= round * 3, "the killed writer was killed \(killsInAll) times")
        #expect(
            crashesInAll == 0,
            "\(crashesInAll) wx runs ended by themselves mid-script:\n\(crashReports.joined(separator: "\n"))")
        #expect(snapshotsWithWarnings > 0, "no snapshot kept the warning in force")
        let seconds = Int(Date().timeIntervalSince(began))
        print(
            "stress: \(round) rounds in \(seconds) s, \(round * 2 * Self.commandsPerProcess) commands, \(writerRunsInAll + listingsInAll) wx runs (\(writerRunsInAll) writers, \(listingsInAll) listings from the index), \(killsInAll + listingKillsInAll) SIGKILLs (\(killsInAll) of a writer, \(listingKillsInAll) of a listing), \(acknowledgedInAll) acknowledged writes, \(losses.lost) lost, \(losses.duplicates) duplicates, \(crashesInAll) crashes, \(snapshotsWithWarnings) snapshots kept with warnings"
        )
    }

    /// How many snapshot records in `home`'s log keep at least one warning.
    static func snapshotsWithWarnings(home: TemporaryFolder) throws -> Int {
        let text = try String(contentsOfFile: home.path + "/log.jsonl", encoding: .utf8)
        return text.split(separator: "\n").filter {
            $0.contains("\"kind\":\"snapshot\"") && $0.contains("\"warnings\":[{")
        }.count
    }

    /// Writes 15,000 command records (1.2 MB) as the start of the round's log.
    func seedHistory(home: TemporaryFolder) throws {
        var text = ""
        for number in 1...15_000 {
            text += #"{"kind":"command","line":"favs","n":\#(number),"ts":"2026-02-06T21:40:00Z","v":1}"#
            text += "\n"
        }
        try Data(text.utf8).write(to: home.url.appendingPathComponent("log.jsonl"))
    }

    /// Runs `wx saved` (text: from log.jsonl.index) until `writers` are done, killing one run in
    /// four at a random moment; returns how many ran, and how many of them a SIGKILL ended
    /// (those that ended first are not counted).
    static func listRepeatedly(home: TemporaryFolder, server: FixtureServer, seed: UInt64, until writers: DispatchGroup)
        -> (runs: Int, kills: Int)
    {
        var random = SplitMix(seed: seed)
        var runs = 0
        var kills = 0
        while writers.wait(timeout: .now()) == .timedOut {
            let process = wxProcess(["saved"], home: home, server: server)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { break }
            if random.next() % 4 == 0 {
                usleep(useconds_t(random.next() % 20_000))
                kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()
            runs += 1
            if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL { kills += 1 }
        }
        return (runs, kills)
    }

    /// Four processes import, at the same moment, ten rows each all named "Dup" (at coordinates
    /// of their own): every favorite arrives, and no two share a name — the " 2" suffixes are
    /// decided under the lock against what is on disk, not against what each process read before.
    @Test func concurrentImportsKeepNamesUnique() throws {
        for round in 1...Self.rounds {
            let home = TemporaryFolder()
            let files = (0..<4).map { writer in
                let path = home.path + "/import-\(writer).csv"
                let rows = (0..<10).map { "Dup,\(10 + writer).\(1000 + $0),\(round)" }
                _ = FileManager.default.createFile(
                    atPath: path, contents: Data((["name,latitude,longitude"] + rows).joined(separator: "\n").utf8))
                return path
            }
            let statuses = Mutex<[Int32]>([])
            DispatchQueue.concurrentPerform(iterations: files.count) { index in
                let result = try? runWX(["-c", "import favorites \(files[index])"], home: home)
                statuses.withLock { $0.append(result?.status ?? -1) }
            }
            #expect(statuses.withLock { $0 } == [0, 0, 0, 0], "round \(round)")
            let names = try favoriteNames(home: home, round: round)
            #expect(names.count == 40, "round \(round)")
            #expect(Set(names.map { $0.lowercased() }).count == names.count, "round \(round): \(names.sorted())")
        }
    }

    /// The favorites' names in `home`'s state.plist, in file order.
    func favoriteNames(home: TemporaryFolder, round: Int) throws -> [String] {
        let data = try #require(FileManager.default.contents(atPath: home.path + "/state.plist"), "round \(round)")
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any], "round \(round)")
        return ((plist["favorites"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
    }

    func check(home: TemporaryFolder, server: FixtureServer, writers: [Writer], round: Int, losses: inout Losses)
        throws
    {
        // Names stay unique whatever the interleaving.
        let allNames = try favoriteNames(home: home, round: round)
        let uniqueNames = Set(allNames.map { $0.lowercased() }).count
        losses.duplicates += allNames.count - uniqueNames
        #expect(uniqueNames == allNames.count, "round \(round): duplicate names")
        // state.plist parses, and holds exactly the favorites the acknowledgements imply.
        let data = try #require(FileManager.default.contents(atPath: home.path + "/state.plist"), "round \(round)")
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any], "round \(round)")
        let names = Set(((plist["favorites"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
        for writer in writers {
            for (place, state) in writer.favorites {
                switch state {
                case .present:
                    if !names.contains(place) { losses.lost += 1 }
                    #expect(names.contains(place), "round \(round): \(place) acknowledged as a favorite is missing")
                case .absent:
                    if names.contains(place) { losses.lost += 1 }
                    #expect(!names.contains(place), "round \(round): \(place) acknowledged as removed is there")
                case .unknown: break  // killed mid-command: either is right
                }
            }
        }
        // Every id acknowledged once, by one writer, across compactions.
        var acknowledged: Set<Int> = []
        for writer in writers {
            losses.duplicates += writer.repeatedIDs.count
            #expect(
                writer.repeatedIDs.isEmpty, "round \(round): ids \(writer.repeatedIDs) given twice to \(writer.name)")
            let shared = acknowledged.intersection(writer.savedIDs)
            losses.duplicates += shared.count
            #expect(shared.isEmpty, "round \(round): ids \(shared.sorted()) given to two writers")
            acknowledged.formUnion(writer.savedIDs)
        }
        // log.jsonl: every line a whole record; ids given once; acknowledged snapshots kept.
        let text = try String(contentsOfFile: home.path + "/log.jsonl", encoding: .utf8)
        var live: Set<Int> = []
        var seen: Set<Int> = []
        for line in text.split(separator: "\n") {
            let record = try #require(
                try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                "round \(round): torn line \(line)")
            switch record["kind"] as? String {
            case "snapshot":
                let id = try #require(record["id"] as? Int)
                if seen.contains(id) { losses.duplicates += 1 }
                #expect(!seen.contains(id), "round \(round): snapshot id \(id) given twice")
                seen.insert(id)
                live.insert(id)
            case "snapshot.deleted":
                live.remove(try #require(record["id"] as? Int))
            default: break
            }
        }
        for writer in writers {
            for id in writer.savedIDs.subtracting(writer.deletedIDs) where !writer.uncertainDeletions.contains(id) {
                if !live.contains(id) { losses.lost += 1 }
                #expect(live.contains(id), "round \(round): acknowledged snapshot \(id) is lost")
            }
            for id in writer.deletedIDs {
                if live.contains(id) { losses.lost += 1 }
                #expect(!live.contains(id), "round \(round): acknowledged deletion of \(id) did not hold")
            }
        }
        // The list from log.jsonl.index is what the log holds, after all of that.
        #expect(FileManager.default.fileExists(atPath: home.path + "/log.jsonl.index"), "round \(round): no index")
        let listing = try runWX(["saved"], home: home, server: server)
        let listed = listing.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first.flatMap { Int($0) }
        }
        #expect(
            Set(listed) == live, "round \(round): saved lists \(listed.count) snapshots, the log holds \(live.count)")
        #expect(listed == listed.sorted())
    }
}

/// One writer: a sequence of operations on its own places, in a wx it may kill and restart.
final class Writer: @unchecked Sendable {
    // @unchecked: used by one thread at a time (its own, then the checking one after join).
    enum State { case present, absent, unknown }

    let name: String
    let places: [String]
    var random: SplitMix
    var favorites: [String: State] = [:]
    var savedIDs: Set<Int> = []
    /// Ids acknowledged to this writer a second time.
    var repeatedIDs: [Int] = []
    var deletedIDs: Set<Int> = []
    var uncertainDeletions: Set<Int> = []
    var kills = 0
    /// wx runs that ended by themselves (a crash, not the test's SIGKILL) before their script did.
    var crashes = 0
    /// What each of them was doing and how it ended: the command, the exit status or signal, and
    /// the end of its standard error.
    var crashReports: [String] = []
    /// The wx processes it started (one more after each kill).
    var runs = 0
    /// Writes the writer was told were saved: favorites added or removed, snapshots saved or
    /// deleted.
    var acknowledgedWrites = 0

    init(name: String, longitude: Double, seed: UInt64) {
        self.name = name
        // Around Denver, so that the loopback server answers with its smallest recorded forecast.
        // Written as wx names a coordinate it cannot geocode (4 decimals, hemispheres): the
        // favorite's name, which `show` also reads as the coordinates.
        places = (0..<8).map { index in
            let latitude = String(format: "%.4f", 39 + Double(index) * 0.1)
            return "\(latitude)°N \(String(format: "%.4f", abs(longitude)))°\(longitude < 0 ? "W" : "E")"
        }
        random = SplitMix(seed: seed)
    }

    func run(commands: Int, killing: Bool, home: TemporaryFolder, server: FixtureServer) {
        var child = try! Child(home: home, server: server)
        runs += 1
        var sent = 0
        var nextKill = killing ? 60 + Int(random.next() % 200) : Int.max
        while sent < commands {
            let place = places[Int(random.next() % UInt64(places.count))]
            let choice = random.next() % 10
            let shouldKill = sent >= nextKill
            var operation: [String]
            switch choice {
            case 0...4: operation = ["show \(place)", "fav"]
            case 5...7: operation = ["show \(place)", "save"]
            // The commands added since (issue 38), which read the ensemble, the previous runs and
            // the warning feed: they must not crash, whatever the answers.
            // A place with a country (Hollywood, US: the NWS feed) saves its warning in force.
            case 8:
                let added = [
                    ["confidence \(place)"], ["warnings \(place)"], ["drift tomorrow \(place)"],
                    ["show Hollywood", "save"],
                ]
                operation = added[Int(random.next() % UInt64(added.count))]
            case 9 where random.next() % 4 == 0: operation = ["log compact"]
            default:
                let own = savedIDs.subtracting(deletedIDs)
                operation =
                    own.isEmpty ? ["favs"] : ["saved rm \(own.sorted()[Int(random.next() % UInt64(own.count))])"]
            }
            for (index, command) in operation.enumerated() {
                sent += 1
                let last = index == operation.count - 1
                if shouldKill && last {
                    // Kill while the command may be in flight: its outcome is unknown.
                    child.send(command)
                    usleep(useconds_t(random.next() % 3_000))
                    child.kill()
                    kills += 1
                    if command == "fav" { favorites[place] = .unknown }
                    if command.hasPrefix("saved rm "), let id = Int(command.dropFirst(9)) {
                        uncertainDeletions.insert(id)
                    }
                    child = try! Child(home: home, server: server)
                    runs += 1
                    nextKill = sent + 60 + Int(random.next() % 200)
                    break
                }
                let documents = child.run(command)
                for document in documents { record(document, command: command, place: place) }
                if child.ended {
                    // Ended by itself mid-script: a crash. Counted, said, and a new one goes on.
                    crashes += 1
                    crashReports.append("\(command): \(child.howItEnded())")
                    if command == "fav" { favorites[place] = .unknown }
                    child = try! Child(home: home, server: server)
                    runs += 1
                }
            }
        }
        child.finish()
    }

    func record(_ document: [String: Any], command: String, place: String) {
        if ["favorite", "snapshot"].contains(document["type"] as? String ?? ""),
            ["added", "removed", "saved", "deleted"].contains(document["action"] as? String ?? "")
        {
            acknowledgedWrites += 1
        }
        switch (document["type"] as? String, document["action"] as? String) {
        case ("favorite", "added"): favorites[place] = .present
        case ("favorite", "removed"): favorites[place] = .absent
        case ("snapshot", "saved"):
            if let id = (document["snapshot"] as? [String: Any])?["id"] as? Int, !savedIDs.insert(id).inserted {
                repeatedIDs.append(id)
            }
        case ("snapshot", "deleted"):
            if let id = (document["snapshot"] as? [String: Any])?["id"] as? Int {
                deletedIDs.insert(id)
                uncertainDeletions.remove(id)
            }
        default: break
        }
    }
}

/// The built wx with `arguments`, its state in `home`, its services `server`, not yet started.
func wxProcess(_ arguments: [String], home: TemporaryFolder, server: FixtureServer, now: String? = nil) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPaths.wxBinary)
    process.arguments = arguments
    var environment = server.environment
    environment["WX_HOME"] = home.path
    environment["XDG_RUNTIME_DIR"] = home.path + "/run"
    environment["LANG"] = "C.UTF-8"
    if let now { environment["WX_NOW"] = now }
    process.environment = environment
    return process
}

/// wx in script mode with --json, answering one command at a time: after each command comes
/// `format json`, whose answer marks the end of the command's documents.
struct Child {
    let process: Process
    let input = Pipe()
    let output = Pipe()
    var buffer: [UInt8] = []
    /// Whether its output ended before a command's answer did: the process is gone.
    var ended = false

    /// Its standard error, read only when it ended by itself (`howItEnded`).
    let errorFile: String

    init(home: TemporaryFolder, server: FixtureServer) throws {
        process = wxProcess(["--json"], home: home, server: server, now: "2023-11-02T20:05:00Z")
        process.standardInput = input
        process.standardOutput = output
        errorFile = NSTemporaryDirectory() + "/wx-stress-stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorFile) ?? FileHandle.nullDevice
        try process.run()
    }

    /// How a process that ended by itself ended: its exit status or signal, and the last lines of
    /// its standard error.
    func howItEnded() -> String {
        let how =
            process.terminationReason == .uncaughtSignal
            ? "signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
        let text = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: errorFile)
        return "\(how); stderr ends: \(text.suffix(600))"
    }

    func send(_ command: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
    }

    /// The JSON documents `command` printed.
    mutating func run(_ command: String) -> [[String: Any]] {
        send(command)
        send("format json")
        var documents: [[String: Any]] = []
        while let line = readLine() {
            guard let document = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                continue
            }
            if document["type"] as? String == "format" { return documents }
            documents.append(document)
        }
        ended = true
        process.waitUntilExit()
        return documents
    }

    mutating func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(contentsOf: chunk)
        }
    }

    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: errorFile)
    }

    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: errorFile)
    }
}

/// A small seeded generator, so that a failing round can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
