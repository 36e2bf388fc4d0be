import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// `best`'s counting, pure: which windows hold in how many members.
///
/// A window of D hours starting at hour index s covers the span times[s] … times[s] + D hours.
/// It reads the instants (temperature, wind speed, cloud cover) at indices s … s+D and the
/// values that cover the preceding hour (precipitation, gusts) at s+1 … s+D, so that it is named
/// by the span its values cover. Hour k of it (k = 0 … D−1) holds in a member when the instant
/// at s+k, the value at s+k+1 and daylight at s+k meet every condition (the last hour also the
/// instant and daylight at s+D); the window holds when every hour does.
enum BestWindows {
    /// Per member and hour index: 1 when every condition of the kind holds, 0 when one fails,
    /// -1 when a value is missing.
    typealias Marks = [[Int8]]

    /// Every window of `hours` hours between `spanStart` and `spanEnd`, in time order.
    ///
    /// - Parameters:
    ///   - conditions: limits in the variables' units; every variable among them is in the
    ///     answer (the handler has checked).
    ///   - coordinate: where daylight is reckoned.
    ///   - forecast: the deterministic forecast whose values each window carries (none: nil).
    /// - Returns: the windows and how many members have every variable the conditions read.
    static func windows(
        _ ensemble: EnsembleForecast, conditions: [AppliedCondition], hours: Int, spanStart: Date, spanEnd: Date,
        coordinate: Coordinate, forecast: ForecastHours? = nil
    ) -> (windows: [BestWindow], members: Int) {
        let times = ensemble.times.map { Int($0.timeIntervalSince1970) }
        let count = times.count
        let (byVariable, members) = values(ensemble, conditions)
        func marks(_ covering: Bool) -> Marks {
            let relevant = conditions.filter { $0.variable.map { $0.coversPrecedingHour == covering } ?? false }
            return members.map { number in
                (0..<count).map { index -> Int8 in
                    var result: Int8 = 1
                    for condition in relevant {
                        let row = byVariable[condition.variable!]![number]!
                        guard index < row.count, let value = row[index] else { return -1 }
                        if !condition.comparison.holds(value, condition.limit) { result = 0 }
                    }
                    return result
                }
            }
        }
        let instants = marks(false)
        let intervals = marks(true)
        let daylight: [Bool] =
            conditions.contains { $0.variable == nil }
            ? times.map { SolarPosition.isDaylight(at: $0, coordinate) } : Array(repeating: true, count: count)
        let start = Int(spanStart.timeIntervalSince1970)
        let end = Int(spanEnd.timeIntervalSince1970)
        var windows: [BestWindow] = []
        for s in 0..<count where s + hours < count {
            guard times[s] >= start, times[s] + hours * 3_600 <= end, times[s + hours] - times[s] == hours * 3_600
            else { continue }
            var window = BestWindow(
                start: Date(timeIntervalSince1970: Double(times[s])),
                end: Date(timeIntervalSince1970: Double(times[s + hours])), holding: 0, members: 0,
                memberHoursHolding: 0, memberHours: 0, forecast: forecast?.values(start: times[s], hours: hours))
            for member in members.indices {
                let instant = instants[member]
                let interval = intervals[member]
                var complete = true
                for k in 0...hours where instant[s + k] < 0 || (k > 0 && interval[s + k] < 0) {
                    complete = false
                    break
                }
                guard complete else { continue }
                window.members += 1
                var held = 0
                for k in 0..<hours {
                    var ok = instant[s + k] == 1 && interval[s + k + 1] == 1 && daylight[s + k]
                    if k == hours - 1 { ok = ok && instant[s + hours] == 1 && daylight[s + hours] }
                    if ok { held += 1 }
                }
                window.memberHours += hours
                window.memberHoursHolding += held
                if held == hours { window.holding += 1 }
            }
            windows.append(window)
        }
        return (windows, members.count)
    }

    /// The members' values of each variable the conditions read, and the members that have
    /// every one of those variables (every temperature member when the conditions read none).
    static func values(_ ensemble: EnsembleForecast, _ conditions: [AppliedCondition]) -> (
        byVariable: [EnsembleVariable: [Int: [Double?]]], members: [Int]
    ) {
        let variables = countedVariables(conditions)
        let byVariable = Dictionary(uniqueKeysWithValues: variables.map { ($0, ensemble.membersByNumber($0)) })
        var numbers = Set(byVariable[variables[0]]!.keys)
        for variable in variables.dropFirst() { numbers.formIntersection(byVariable[variable]!.keys) }
        return (byVariable, numbers.sorted())
    }

    /// The variables whose members `best` counts for `conditions`: those they read, or, for
    /// conditions that read none (`daylight` alone), the temperature — a member is one with
    /// temperatures then. The windows and the report's count of members (`CountedMembers`)
    /// both take them from here, so the heading never says 0 beside windows of 51.
    static func countedVariables(_ conditions: [AppliedCondition]) -> [EnsembleVariable] {
        let read = Array(Set(conditions.compactMap(\.variable))).sorted { $0.rawValue < $1.rawValue }
        return read.isEmpty ? [.temperature] : read
    }

    /// How far each window misses, for when no hour of any window holds in any member (then
    /// no share of member-hours tells the windows apart): each window's `misses`, a value per
    /// condition in the order of `conditions` — the median, over the members counted for the
    /// window, of the member's worst excess beyond the limit over the hours the condition reads
    /// (in the variable's unit: °C, km/h, mm, %), and for daylight the window's hours not in
    /// daylight. The median of an even count is the mean of the middle two.
    static func measureMisses(
        _ windows: inout [BestWindow], ensemble: EnsembleForecast, conditions: [AppliedCondition], hours: Int,
        coordinate: Coordinate
    ) {
        let times = ensemble.times.map { Int($0.timeIntervalSince1970) }
        let index = Dictionary(times.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let (byVariable, members) = values(ensemble, conditions)
        for w in windows.indices {
            guard let s = index[Int(windows[w].start.timeIntervalSince1970)] else { continue }
            // The hours a value is read at: instants s … s+D, a preceding hour's value s+1 … s+D.
            func reads(_ variable: EnsembleVariable) -> ClosedRange<Int> {
                variable.coversPrecedingHour ? (s + 1)...(s + hours) : s...(s + hours)
            }
            // Per member: each condition's worst excess; nil when a value the window reads is missing.
            var perMember: [[Double]] = []
            for number in members {
                var worst: [Double] = []
                var complete = true
                for condition in conditions {
                    guard let variable = condition.variable else {
                        var dark = 0
                        for k in 0..<hours {
                            let lit =
                                SolarPosition.isDaylight(at: times[s + k], coordinate)
                                && (k < hours - 1 || SolarPosition.isDaylight(at: times[s + hours], coordinate))
                            if !lit { dark += 1 }
                        }
                        worst.append(Double(dark))
                        continue
                    }
                    let row = byVariable[variable]![number]!
                    var most = 0.0
                    for i in reads(variable) {
                        guard i < row.count, let value = row[i] else {
                            complete = false
                            break
                        }
                        most = max(most, condition.comparison.excess(value, condition.limit))
                    }
                    if !complete { break }
                    worst.append(most)
                }
                // Counted as `windows` counts members: every value the conditions read there.
                if complete { perMember.append(worst) }
            }
            guard !perMember.isEmpty else { continue }
            windows[w].misses = conditions.indices.map { c in
                let sorted = perMember.map { $0[c] }.sorted()
                let middle = sorted.count / 2
                return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            }
        }
    }

    /// Up to `limit` windows, best first, none overlapping a better one: by members holding
    /// (ties to the earlier), or — when no window holds in any member — by the share of
    /// member-hours that held (windows with at least one), or — when no hour of any window holds
    /// in any member — by how far they miss (`measureMisses`): each condition's miss taken as a
    /// share of its largest over the windows, summed, the least first (ties to the earlier).
    static func top(_ windows: [BestWindow], limit: Int = 3) -> (windows: [BestWindow], qualified: Bool) {
        let qualified = windows.contains { $0.holding > 0 }
        var ranked =
            qualified
            ? windows.filter { $0.holding > 0 }.sorted {
                $0.holding != $1.holding ? $0.holding > $1.holding : $0.start < $1.start
            }
            : windows.filter { $0.memberHoursHolding > 0 }.sorted {
                // a/b > c/d as a·d > c·b, exact in integers.
                let left = $0.memberHoursHolding * $1.memberHours
                let right = $1.memberHoursHolding * $0.memberHours
                return left != right ? left > right : $0.start < $1.start
            }
        if !qualified, ranked.isEmpty {
            let measured = windows.filter { $0.misses != nil }
            let count = measured.first?.misses?.count ?? 0
            let largest = (0..<count).map { c in measured.map { $0.misses![c] }.max() ?? 0 }
            func share(_ window: BestWindow) -> Double {
                var sum = 0.0
                for c in 0..<count where largest[c] > 0 { sum += window.misses![c] / largest[c] }
                return sum
            }
            ranked = measured.map { ($0, share($0)) }.sorted {
                $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.start < $1.0.start
            }.map(\.0)
        }
        var picked: [BestWindow] = []
        for window in ranked where picked.count < limit {
            if picked.contains(where: { window.start < $0.end && $0.start < window.end }) { continue }
            picked.append(window)
        }
        return (picked, qualified)
    }
}

/// The deterministic forecast's hours by their time, for the values `best` shows beside the odds.
///
/// Read as the ensemble's hours are: temperature and wind speed are instants, precipitation and
/// gusts cover the hour before their time (Open-Meteo's hourly `precipitation` is the preceding
/// hour's sum, `wind_gusts_10m` its maximum).
struct ForecastHours {
    private let byTime: [Int: HourlyForecast]

    init(_ forecast: Forecast) {
        byTime = Dictionary(
            forecast.hourly.map { (Int($0.time.timeIntervalSince1970), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The values over the window of `hours` hours from `start` (seconds since 1970): the
    /// instants at `start` … `start + hours`, the covering values at `start + 1 h` …
    /// `start + hours`; a field is nil when one of its hours or values is missing, and the
    /// whole nil when every field is.
    func values(start: Int, hours: Int) -> WindowValues? {
        func all(_ value: KeyPath<HourlyForecast, Double?>, from first: Int) -> [Double]? {
            var values: [Double] = []
            for k in first...hours {
                guard let hour = byTime[start + k * 3_600], let value = hour[keyPath: value] else { return nil }
                values.append(value)
            }
            return values
        }
        let values = WindowValues(
            temperatureRange: all(\.temperatureCelsius, from: 0).map { $0.min()!...$0.max()! },
            windRange: all(\.windSpeedKilometresPerHour, from: 0).map { $0.min()!...$0.max()! },
            gustsMaximum: all(\.windGustsKilometresPerHour, from: 1)?.max(),
            precipitationSum: all(\.precipitationMillimetres, from: 1).map { PrecedingHourDays.amount($0) })
        return values == WindowValues() ? nil : values
    }
}
