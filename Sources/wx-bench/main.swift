// wx-bench: times, inside one process, the operations a whole-process timer cannot isolate —
// tab completion in a running shell, reading the history's tail, decoding state.plist, folding
// the log — on a state folder given as the argument. `make bench` runs it next to hyperfine.
//
// Output: one line per figure, tab-separated: name, median milliseconds, runs. A JSON file
// given as a second argument is parsed too: the check that a module boundary did not slow the
// JSON reader (the 137 KB Berlin fixture parsed in 0.3–0.4 ms). `--normals FILE` times the
// reduction of thirty years of daily values to normals instead; `--completion FOLDER` a press
// of Tab in a running shell on that state.
import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherShell
import WeatherStore

#if canImport(Glibc)
import Glibc
#endif

@MainActor
func median(_ runs: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        samples.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return samples.sorted()[samples.count / 2]
}

/// `wx-bench --normals FILE`: the 1991–2020 normals from a thirty-year archive answer
/// (Fixtures/open-meteo-archive/hamburg-1991-2020-…): the reduction alone (the issue's ≤ 5 ms),
/// the columns read from the parsed tree plus the reduction, and parse plus all of it.
@MainActor
func normals(_ path: String) {
    guard let json = FileManager.default.contents(atPath: path), let tree = try? JSONValue.parse(json),
        let times = tree["daily"]?["time"]?.array
    else {
        print("wx-bench: cannot read \(path)")
        exit(1)
    }
    func column(_ name: String) -> [Double?] { (tree["daily"]?[name]?.array ?? []).map(\.double) }
    let dates = times.compactMap { $0.string.flatMap { LocalDate(iso: Substring($0)) } }
    let maximum = column("temperature_2m_max")
    let minimum = column("temperature_2m_min")
    let precipitation = column("precipitation_sum")
    // The place the answer is for: the normals are read as for it.
    let asked = Coordinate(latitude: tree["latitude"]?.double ?? 0, longitude: tree["longitude"]?.double ?? 0)
    func report(_ name: String, _ runs: Int, _ milliseconds: Double) {
        print("\(name)\t\(DecimalText.fixed(milliseconds, digits: 3))\t\(runs)")
    }
    report(
        "normals: reduce \(dates.count) days", 200,
        median(200) {
            _ = Climatology.reduce(dates: dates, maximum: maximum, minimum: minimum, precipitation: precipitation)
        })
    report(
        "normals: columns from the tree and reduce", 100,
        median(100) { _ = try? OpenMeteoPastProvider.climatology(from: tree, requested: asked) })
    report(
        "normals: parse \(json.count / 1024) KB, columns and reduce", 50,
        median(50) { _ = try? OpenMeteoPastProvider.climatology(from: JSONValue.parse(json), requested: asked) })
}

/// `wx-bench --completion FOLDER`: a press of Tab after `show Ham` in a shell whose state
/// folder is FOLDER (100,000 favorites in `make bench`), through the session as the prompt
/// calls it: once the names are prepared, each press is a `stat` of state.plist and the match.
/// Also what a press cost when the names were derived again at every press, and the first
/// press (the names prepared).
@MainActor
func completion(_ folder: String) {
    func report(_ name: String, _ runs: Int, _ milliseconds: Double) {
        print("\(name)\t\(DecimalText.fixed(milliseconds, digits: 3))\t\(runs)")
    }
    guard let configuration = try? Configuration(environment: ["WX_HOME": folder]) else {
        print("wx-bench: cannot configure a session on \(folder)")
        exit(1)
    }
    let session = WeatherSession.live(configuration: configuration, transport: CurlTransport(), offline: true)
    print("favorites\t\(session.favorites.count)\t1")
    let line = "show Ham"
    let typed = "Ham"
    let first = ContinuousClock.now
    _ = session.completion(for: line).insertion(typed: typed)
    let elapsed = ContinuousClock.now - first
    report(
        "completion: first press (names prepared)", 1,
        Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    report(
        "completion: press", 50, median(50) { _ = session.completion(for: line).insertion(typed: typed) })
    // The same in CPU time of this thread: on a loaded machine the wall time above also counts
    // the time spent waiting for a processor.
    var cpu: [Double] = []
    for _ in 0..<50 {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        _ = session.completion(for: line).insertion(typed: typed)
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        cpu.append(Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6)
    }
    report("completion: press, CPU time", 50, cpu.sorted()[cpu.count / 2])
    report(
        "completion: press, names derived at each press", 5,
        median(5) {
            _ = Completer.complete(line, favorites: session.favorites.map(\.name)).insertion(typed: typed)
        })
}

@MainActor
func main() {
    if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--normals" {
        normals(CommandLine.arguments[2])
        return
    }
    if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--completion" {
        completion(CommandLine.arguments[2])
        return
    }
    guard (2...3).contains(CommandLine.arguments.count) else {
        print(
            "usage: wx-bench STATE_FOLDER [JSON_FILE] | wx-bench --normals ARCHIVE_JSON | wx-bench --completion FOLDER")
        exit(2)
    }
    let folder = CommandLine.arguments[1]
    func report(_ name: String, _ runs: Int, _ milliseconds: Double) {
        print("\(name)\t\(DecimalText.fixed(milliseconds, digits: 3))\t\(runs)")
    }
    if CommandLine.arguments.count == 3, let json = FileManager.default.contents(atPath: CommandLine.arguments[2]) {
        report("JSON parse (\(json.count / 1024) KB)", 200, median(200) { _ = try? JSONValue.parse(json) })
        // The accessors the providers call on the parsed tree, across the WXBasics boundary.
        if let tree = try? JSONValue.parse(json) {
            let coordinate = Coordinate(
                latitude: tree["latitude"]?.double ?? 0, longitude: tree["longitude"]?.double ?? 0)
            report(
                "Open-Meteo forecast from the tree", 200,
                median(200) {
                    _ = try? OpenMeteoForecastProvider.forecast(from: tree, requested: coordinate)
                })
        }
    }
    let now = Date()

    var favorites: [String] = []
    report(
        "state.plist decode", 5,
        median(5) {
            let store = StateStore(folder: folder, now: { now })
            favorites = store.document.favorites.map(\.name)
        })
    print("favorites\t\(favorites.count)\t1")
    report(
        "completion show Ham (favorites loaded)", 200,
        median(200) {
            _ = Completer.complete("show Ham", favorites: favorites).insertion(typed: "Ham")
        })
    report(
        "completion sh (command names)", 200,
        median(200) {
            _ = Completer.complete("sh", favorites: favorites).insertion(typed: "sh")
        })
    let log = EventLog(folder: folder)
    report("history 20 (log tail)", 50, median(50) { _ = log.history(last: 20) })
    var count = 0
    report("saved: fold the whole log", 3, median(3) { count = EventLog(folder: folder).snapshots().count })
    print("snapshots\t\(count)\t1")
    // What `saved` does: the list from log.jsonl.index (written by the first), then its text.
    var listed: [Snapshot] = []
    report(
        "saved: list from the index", 10,
        median(10) { listed = EventLog(folder: folder).snapshots(keptForecasts: false) })
    let context = RenderContext(units: .metric, now: now, colour: false, unicode: true, width: 80, fitsWidth: false)
    report(
        "saved: text of \(listed.count) snapshots", 10,
        median(10) { _ = TextRenderer.render(.snapshots(listed), context: context) })
}

main()
