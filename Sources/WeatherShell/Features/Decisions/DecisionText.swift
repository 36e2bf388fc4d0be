import FoundationEssentials
import WXBasics
import WeatherKit

/// Words and numbers the decision views share: a variable's name, a limit in the user's
/// units, a span of hours at the place's clock.
enum DecisionText {
    /// "rain", "wind", "gusts", "temp", "cloud", "snow".
    static func name(_ variable: EnsembleVariable) -> String {
        switch variable {
        case .precipitation: "rain"
        case .windSpeed: "wind"
        case .windGusts: "gusts"
        case .temperature: "temp"
        case .cloudCover: "cloud"
        case .snowfall: "snow"
        }
    }

    /// A number without noise: at most `digits` decimals, none when whole ("5", "0.5", "-3.9").
    static func number(_ value: Double, digits: Int = 1) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return DecimalText.shortest((value * scale).rounded() / scale)
    }

    /// A limit in the user's units: "20 km/h", "0.1 mm", "5 °C", "30 %", "1 cm"; with the
    /// decimals the limit has (`limitNumber`).
    static func limit(_ variable: EnsembleVariable, _ value: Double, _ format: ValueFormatter) -> String {
        let units = format.units
        let number = { (value: Double, digits: Int) in LimitText.number(value, digits: digits) }
        switch variable {
        case .temperature:
            return "\(number(units.temperature.convert(celsius: value), 1)) \(format.temperatureSymbol)"
        case .windSpeed, .windGusts:
            // A speed has a force, not the reverse: the speed and its force.
            if units.windSpeed == .beaufort {
                return "\(number(value, 1)) km/h (\(Beaufort.force(kilometresPerHour: value)) Bft)"
            }
            return "\(number(units.windSpeed.convert(kilometresPerHour: value), 1)) \(units.windSpeed.symbol)"
        case .precipitation:
            return units.precipitation == .inches
                ? "\(number(value / 25.4, 3)) in" : "\(number(value, 1)) mm"
        case .snowfall:
            return units.precipitation == .inches
                ? "\(number(value / 25.4, 2)) in" : "\(number(value / 10, 2)) cm"
        case .cloudCover:
            return "\(number(value, 1)) %"
        }
    }

    /// "wind < 20 km/h", "rain < 0.1 mm", "daylight"; `nested` inside a word's parentheses
    /// (`LimitText.said`).
    static func condition(_ condition: AppliedCondition, _ format: ValueFormatter, nested: Bool = false) -> String {
        guard let variable = condition.variable else { return "daylight" }
        if let typed = condition.typed, typed.isBeaufort(format.units) {
            return "\(name(variable)) \(typed.comparison.symbol) \(number(typed.amount)) Bft"
        }
        return
            "\(name(variable)) \(condition.comparison.symbol) \(usedLimit(variable, condition.limit, format, typed: condition.typed, nested: nested))"
    }

    /// A limit as it is applied, in the user's units, with as many decimals as it takes (README:
    /// a figure beside a limit): the number as typed when it was typed in the unit shown
    /// ("10.55 °C", "298.15 K"); typed in another unit, as typed with the converted limit after it,
    /// with the decimals that make it the limit exactly ("50 °F (10 °C)" for `50F`) or said to be
    /// near ("40 mph (about 64.4 km/h)"); else the converted limit exactly, and where no decimal of up to 3 more places is (0.1 mm
    /// is 0.0039370… in), the limit as typed or defined with the figure in the unit shown said
    /// to be near (`LimitText.said`): "0.1 mm (about 0.004 in)", "0.1 mm ≈ 0.004 in" when
    /// `nested` in parentheses. `value` is in the variable's unit (°C, km/h, mm, %); under
    /// `units wind bft` a speed is shown in km/h with its force.
    static func usedLimit(
        _ variable: EnsembleVariable, _ value: Double, _ format: ValueFormatter, typed: TypedLimit? = nil,
        nested: Bool = false
    ) -> String {
        let units = format.units
        let inches = units.precipitation == .inches
        // The figure in the unit shown, and that unit: a limit typed in it is said as typed.
        let shown: (value: Double, digits: Int, symbol: String, canonical: String, unit: AmountUnit)
        var force = ""
        // The user's unit for the quantity (`AmountUnit.users`), km/h where wind is in Beaufort.
        let unit = AmountUnit.users(variable, units) ?? .kilometresPerHour
        switch variable {
        case .temperature:
            shown = (units.temperature.convert(celsius: value), 1, format.temperatureSymbol, "°C", unit)
        case .windSpeed, .windGusts:
            if units.windSpeed == .beaufort {
                shown = (value, 1, "km/h", "km/h", unit)
                force = " (\(Beaufort.force(kilometresPerHour: value)) Bft)"
            } else {
                shown = (units.windSpeed.convert(kilometresPerHour: value), 1, units.windSpeed.symbol, "km/h", unit)
            }
        case .precipitation:
            shown = inches ? (value / 25.4, 3, "in", "mm", unit) : (value, 1, "mm", "mm", unit)
        case .snowfall:
            shown = inches ? (value / 25.4, 2, "in", "mm", unit) : (value / 10, 2, "cm", "mm", unit)
        case .cloudCover: shown = (value, 1, "%", "%", unit)
        }
        if let typed, typed.isBeaufort(units) { return "\(LimitText.plain(typed.amount)) Bft" }
        // Typed in the unit shown (a bare number is in the user's unit): as typed. By the unit,
        // not its symbol: "°C" is "C" in ASCII.
        if let typed, (typed.unit ?? shown.unit) == shown.unit {
            return "\(LimitText.plain(typed.amount)) \(shown.symbol)\(force)"
        }
        // A threshold of rain as typed in mm, or defined (`dry`'s 0.1 mm): as every command says one.
        if variable == .precipitation, typed?.unit ?? .millimetres == .millimetres {
            return format.precipitationThreshold(value, nested: nested)
        }
        // A unit's symbol as this output writes it ("C" for "°C" in ASCII).
        func written(_ symbol: String) -> String { format.unicode ? symbol : symbol.replacingDegreeSign }
        let defined =
            typed.flatMap { typed in typed.unit.map { "\(LimitText.plain(typed.amount)) \(written(symbol($0)))" } }
            ?? "\(LimitText.plain(value)) \(written(shown.canonical))"
        // Typed in another unit: as typed, then the figure in the unit shown — exact or near —
        // as `gusts>=40mph` is "40 mph (about 64.4 km/h)": `rain>=0.04in/day` was "1.016 mm"
        // alone, the limit typed nowhere (trial 58).
        if typed?.unit != nil, let exact = LimitText.exact(shown.value, from: shown.digits) {
            return (nested ? "\(defined) = \(exact) \(shown.symbol)" : "\(defined) (\(exact) \(shown.symbol))") + force
        }
        return LimitText.said(
            shown.value, digits: shown.digits, symbol: shown.symbol, defined: defined, nested: nested) + force
    }

    /// How a unit written after a number is shown: "°C", "km/h", "mm", "in", "%", "Bft".
    static func symbol(_ unit: AmountUnit) -> String {
        switch unit {
        case .celsius: "°C"
        case .fahrenheit: "°F"
        case .kelvin: "K"
        case .kilometresPerHour: "km/h"
        case .metresPerSecond: "m/s"
        case .milesPerHour: "mph"
        case .knots: "kn"
        case .millimetres: "mm"
        case .centimetres: "cm"
        case .inches: "in"
        case .percent: "%"
        case .beaufort: "Bft"
        }
    }

    /// The conditions of a `best` report: each word as typed, an activity or condition word
    /// with what it means ("dry (rain < 0.1 mm)", "ride (…)").
    static func conditions(_ report: BestReport, _ format: ValueFormatter) -> String {
        let named = DecisionVocabulary.words + DecisionVocabulary.activities
        var parts: [String] = []
        for (word, conditions) in zip(report.words, report.wordConditions) {
            if word == "daylight" || named.first(where: { $0.word == word }) == nil {
                // `daylight`, or a comparison as typed: its one condition says it.
                parts += conditions.map { condition($0, format) }
            } else {
                parts.append(
                    "\(word) (\(conditions.map { condition($0, format, nested: true) }.joined(separator: ", ")))")
            }
        }
        return Counting.list(parts)
    }

    /// "Fri 23 Oct 08:00" at the place's clock, in `format`'s clock (12-hour under imperial
    /// units, as the windows are).
    static func dateTime(_ date: Date, _ clock: ZoneClock, _ format: ValueFormatter = ValueFormatter(units: .metric))
        -> String
    {
        let local = clock.localTime(date)
        // With its zone in the hour the clocks go back (trial59: "from Sun 25 Oct 02:00").
        return "\(format.day(local.date)) \(format.clock(local, repeated: clock.isRepeated(date)))"
    }

    /// "today", "Sat 24 Oct", "the weekend", "the next 3 days".
    static func spanName(_ span: DecisionSpan) -> String {
        switch span {
        case .next(let days): days == 1 ? "the next day" : "the next \(days) days"
        case .day(.today): "today"
        case .day(.tomorrow): "tomorrow"
        case .day(.weekday(let day)):
            DriftDay.weekdayNames[day].prefix(1).uppercased() + DriftDay.weekdayNames[day].dropFirst()
        case .day(.date(let date)): date.iso
        case .weekend: "the weekend"
        }
    }

    /// Where `best` looked: "the next 3 days from Fri 23 Oct 08:00", "Sun 25 Oct", "Sat 24 Oct
    /// from 08:00", "the weekend from Sat 24 Oct 00:00".
    static func spanLine(_ report: BestReport, _ clock: ZoneClock, _ format: ValueFormatter) -> String {
        let start = clock.localTime(report.spanStart)
        switch report.span {
        case .next, .weekend:
            return "\(spanName(report.span)) from \(dateTime(report.spanStart, clock, format))"
        case .day:
            let midnight = start.hour == 0 && start.minute == 0
            return format.day(start.date)
                + (midnight ? "" : " from \(format.clock(start, repeated: clock.isRepeated(report.spanStart)))")
        }
    }

    /// "10:00–12:00" at the place's clock, each end with its zone when the reading happens
    /// twice (the hour the clocks go back), "24:00" for the midnight that ends a day.
    static func hours(_ start: Date, _ end: Date, _ clock: ZoneClock, _ format: ValueFormatter) -> String {
        // One instant (a night's coldest hour): "at 03:00".
        if start == end { return "at " + format.clock(clock.localTime(start), repeated: clock.isRepeated(start)) }
        let first = clock.localTime(start)
        let last = clock.localTime(end)
        // Across a change of the clocks both ends carry their zone ("01:00 CEST–03:00 CET").
        let changes = first.utcOffsetSeconds != last.utcOffsetSeconds
        var endText = format.clock(last, repeated: changes || clock.isRepeated(end))
        // The midnight that ends a day: where the day before it ends, whatever the clock reads
        // there — on a spring-forward day with no 00:00 (Santiago's) it reads 01:00, which was
        // written "01:00 UTC-03:00", the next day's hour without its day (trial60).
        let endsDay = last.date != first.date && clock.localTime(end.addingTimeInterval(-1)).date != last.date
        if endsDay, format.units.clock == .twentyFourHour {
            endText = "24:00"
        } else if endsDay, last.hour != 0 || last.minute != 0 {
            // The 12-hour clock's midnight, as every other day's end reads.
            var midnight = last
            (midnight.hour, midnight.minute) = (0, 0)
            endText = format.clock(midnight)
        }
        return "\(format.clock(first, repeated: changes || clock.isRepeated(start)))–\(endText)"
    }

    /// The spans `chance` lists of a day's busy hours (`ChanceDay.most`): at most
    /// `mostSpansListed`, the busiest (most member-hours) in time order, the others counted —
    /// "00:00–02:00 and 18:00–23:00", "01:00–03:00, 09:00, 14:00–16:00 and 2 other spans". A
    /// span of one instant is its time; one starting the day before (the evening before a
    /// frosty morning) is named by its day ("Tue 22:00–07:00").
    static func spans(_ spans: [ChanceSpan], of date: LocalDate, _ clock: ZoneClock, _ format: ValueFormatter)
        -> String
    {
        let listed = spans.indices.sorted { (spans[$0].memberHours, -$0) > (spans[$1].memberHours, -$1) }
            .prefix(mostSpansListed).sorted()
        var parts = listed.map { index in
            let span = spans[index]
            let start = clock.localTime(span.from)
            let before = start.date < date ? String(format.day(start.date).prefix(3)) + " " : ""
            let time =
                span.from == span.until
                ? format.clock(start, repeated: clock.isRepeated(span.from))
                : hours(span.from, span.until, clock, format)
            return before + time
        }
        let others = spans.count - listed.count
        if others > 0 { parts.append(Counting.count(others, "other span")) }
        return Counting.list(parts)
    }

    /// Every unit a condition may be said in ("km/h", "°F", "mm", "%"): kept with the number
    /// before it when a line is wrapped.
    static let unitSymbols: [String] =
        TemperatureUnit.allCases.map(\.symbol) + WindSpeedUnit.allCases.map(\.symbol)
        + PrecipitationUnit.allCases.map(\.symbol) + ["%"]

    /// The times `spans` may name, each as one phrase to keep on a line ("06:00 CET",
    /// "6:00 am"): a time is never parted from its zone or its am/pm when a line is wrapped.
    static func timePhrases(_ spans: [ChanceSpan], _ clock: ZoneClock, _ format: ValueFormatter) -> [String] {
        spans.flatMap { [$0.from, $0.until] }.flatMap { time -> [String] in
            let local = clock.localTime(time)
            return [format.clock(local, repeated: true), format.clock(local)]
        }
    }

    /// The windows of `best`'s span that no member has every value of (`members` 0), which it
    /// can neither count nor rank, as one note naming their times: runs of windows an hour apart
    /// as the span they cover ("1-hour windows within Fri 23 Oct 08:00–10:00 could not be
    /// judged: no member has every value they read"); nil when every window had a member.
    static func unjudged(_ report: BestReport, _ clock: ZoneClock, _ format: ValueFormatter) -> String? {
        var runs: [(start: Date, end: Date, lastStart: Date)] = []
        for window in report.windows where window.members == 0 {
            if let last = runs.last, window.start == last.lastStart.addingTimeInterval(3_600) {
                runs[runs.count - 1].end = window.end
                runs[runs.count - 1].lastStart = window.start
            } else {
                runs.append((window.start, window.end, window.start))
            }
        }
        guard !runs.isEmpty else { return nil }
        let spans = runs.map { window($0.start, $0.end, clock, format) }
        return
            "\(report.hours)-hour windows within \(Counting.list(spans)) could not be judged: no member has every value they read"
    }

    /// How many of a day's busy spans `chance`'s text names (`spans`); --json lists them all.
    static let mostSpansListed = 3

    /// "Fri 23 Oct 10:00–12:00", the day of the end added when it is another
    /// ("Sat 24 Oct 22:00–Sun 02:00").
    static func window(_ start: Date, _ end: Date, _ clock: ZoneClock, _ format: ValueFormatter) -> String {
        let first = clock.localTime(start)
        let last = clock.localTime(end)
        let crossesDay =
            last.date != first.date
            && !(last.hour == 0 && last.minute == 0 && last.date.dayNumber == first.date.dayNumber + 1)
        guard crossesDay else { return "\(format.day(first.date)) \(hours(start, end, clock, format))" }
        let weekday = String(format.day(last.date).prefix(3))
        let changes = first.utcOffsetSeconds != last.utcOffsetSeconds
        return
            "\(format.day(first.date)) \(format.clock(first, repeated: changes || clock.isRepeated(start)))–\(weekday) \(format.clock(last, repeated: changes || clock.isRepeated(end)))"
    }

    /// How far a window misses, its conditions' misses in the user's units: "missed: temp >
    /// 30 °C by 9.6 °C", "missed: wind < 5 km/h by 3 km/h, daylight by 2 h"; the conditions met
    /// left out.
    static func misses(_ misses: [Double], _ conditions: [AppliedCondition], _ format: ValueFormatter) -> String {
        let units = format.units
        var parts: [String] = []
        for (miss, condition) in zip(misses, conditions) where miss > 0 {
            let amount: String
            switch condition.variable {
            case nil: amount = "\(number(miss, digits: 0)) h"
            case .temperature?:
                let degrees = units.temperature.convert(celsius: miss) - units.temperature.convert(celsius: 0)
                amount = "\(number(degrees)) \(format.temperatureSymbol)"
            case .windSpeed?, .windGusts?:
                // A difference of forces means nothing: a Beaufort user's miss is in km/h.
                amount =
                    units.windSpeed == .beaufort
                    ? "\(number(miss)) km/h"
                    : "\(number(units.windSpeed.convert(kilometresPerHour: miss))) \(units.windSpeed.symbol)"
            case let variable?: amount = limit(variable, miss, format)
            }
            parts.append("\(self.condition(condition, format)) by \(amount)")
        }
        return "missed: " + parts.joined(separator: ", ")
    }

    /// "44 of 51 members (86 %)".
    static func odds(_ count: Int, of members: Int) -> String {
        let percent = members > 0 ? " (\(DecimalText.fixed(Double(count) * 100 / Double(members), digits: 0)) %)" : ""
        return "\(count) of \(Counting.count(members, "member"))\(percent)"
    }

    /// What the members are, as counted: "ECMWF IFS ENS ensemble (Open-Meteo), 51 members, the
    /// control run one of them"; when the answer lists fewer of the model's members, those it
    /// lists ("6 of the model’s 51 members in the answer"), and of those how many have no value
    /// of a variable read and are left out of its figures ("1 member without any temperature
    /// value left out"), so that the members used are the one less the other; when it has no
    /// control run, that. The one sentence of `plume`, `best` and `chance`.
    static func members(_ model: EnsembleModel, _ members: CountedMembers) -> String {
        let name = "\(model.displayName) ensemble (Open-Meteo)"
        let names = members.lacking.map(EnsembleLackingText.longName)
        let values =
            names.dropLast().isEmpty ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
        let dropped =
            members.withoutValues > 0
            ? "; \(Counting.count(members.withoutValues, "member")) without any \(values) value left out"
            : ""
        if members.controlMissing {
            return
                "\(name): the answer has no control run, so \(members.inAnswer) of the \(model.memberCount) members"
                + dropped
        }
        if members.inAnswer >= model.memberCount {
            return "\(name), \(model.memberCount) members, the control run one of them" + dropped
        }
        return
            "\(name): \(members.inAnswer) of the model’s \(model.memberCount) members in the answer, the control run one of them"
            + dropped
    }
}

/// A decision refusal in words: the values it carries in the user's units (the view's part;
/// the handler that throws it formats nothing).
extension DecisionRefusal: CustomStringConvertible {
    var description: String {
        switch self {
        case .neverHolds(let condition, let possible, let units), .alwaysHolds(let condition, let possible, let units):
            let format = ValueFormatter(units: units)
            let holds: String
            if case .alwaysHolds = self { holds = "always holds" } else { holds = "never holds" }
            guard let variable = condition.variable else {
                return "\(DecisionText.condition(condition, format)) \(holds)"
            }
            let bounds =
                condition.typed?.isBeaufort(units) == true
                ? "0 to 12 Bft"
                : "\(DecisionText.limit(variable, possible.lowerBound, format)) to \(DecisionText.limit(variable, possible.upperBound, format))"
            return
                "\(DecisionText.condition(condition, format)) \(holds): \(EnsembleLackingText.longName(variable)) is \(bounds)"
        case .cannotBothHold(let lower, let upper, let units):
            let format = ValueFormatter(units: units)
            return
                "\(DecisionText.condition(lower, format)) and \(DecisionText.condition(upper, format)) cannot both hold"
        case .noHoursLeft(let span, let day):
            return
                "\(DecisionText.spanName(span)) (\(ValueFormatter(units: .metric).day(day))) has no hours left from the next hour; try tomorrow"
        case .dayNotCovered(let model, let day, let membersStart, let zone):
            return
                "the \(model.displayName) answer covers no hour of \(ValueFormatter(units: .metric).day(day)): the members’ hours start \(DecisionText.dateTime(membersStart, ZoneClock(zone)))"
        }
    }
}
