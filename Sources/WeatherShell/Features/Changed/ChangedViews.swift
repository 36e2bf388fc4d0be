import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `changed` as text (a heading naming when you looked, then a line a change, in your units at
// the place's clock) and as JSON (both looks and each change with its facts, metric and UTC).
extension TextRenderer {
    /// The heading and a line a change, each wrapped between words to the width (40 at least).
    static func changedLines(
        _ comparison: LookComparison, context: RenderContext, format: ValueFormatter, style: Style
    ) -> [String] {
        let clock = ZoneClock(comparison.zone)
        let since = comparison.earlier.map {
            "since you looked \(lookTime($0.time, clock: clock, format: format, now: comparison.current.time))"
        }
        var lines = [placeHeading(comparison.place.label, since ?? "no earlier look", width: context.width)]
        var sentences: [String] = []
        switch comparison.outcome {
        case .noEarlierLook:
            let saved = if case .stale = comparison.origin { true } else { false }
            sentences.append(
                "No earlier look at \(comparison.place.name): "
                    + (comparison.kept
                        ? "this one is kept for next time."
                        : saved
                            ? "this one, of saved data, is not kept; the next from the service will be."
                            : comparison.emptyReason.map { "this one is not kept: \($0.text)." }
                                ?? "this one could not be kept either."))
        case .otherProvider(let provider):
            let earlier = Service(rawValue: provider)?.displayName ?? provider
            let current = Service(rawValue: comparison.current.provider)?.displayName ?? comparison.current.provider
            sentences.append(
                "You looked at \(earlier)’s forecast then and this is \(current)’s: they cannot be compared. \(comparison.kept ? "This one is kept for next time." : "This one could not be kept.")"
            )
        case .nothingToCompare(let current):
            sentences.append(
                current
                    ? comparison.emptyReason == .lacksValues
                        ? "The forecast has hours from now but no days and no precipitation by the hour: it cannot be compared with your look."
                        : "The forecast has no hours or days from now (its answer is stale): it cannot be compared with your look; try again later."
                    : "Your look then held no hours or days to compare: "
                        + (comparison.kept ? "this one is kept for next time." : "this one could not be kept."))
        case .compared(let changes):
            if comparison.unitsDiffer, let earlier = comparison.earlier {
                sentences.append(unitsSentence(earlier: earlier.unitSystem, current: format.units))
            }
            var gapSaid = false
            if changes.isEmpty, let earlier = comparison.earlier, earlier.showsSameAnswer(as: comparison.current) {
                sentences.append(
                    sameAnswerText(
                        when: lookTime(earlier.time, clock: clock, format: format, now: comparison.current.time)))
            } else if changes.isEmpty, let gap = comparison.chanceGap {
                gapSaid = true
                // Not "nothing changed" alone while the chance was not compared (trial59).
                let reason = chanceGapText(gap)
                sentences.append(
                    "Nothing changed that matters (“help changed” gives the rules), but "
                        + reason.prefix(1).lowercased() + reason.dropFirst())
            } else if changes.isEmpty {
                sentences.append("Nothing changed that matters (“help changed” gives the rules).")
            }
            sentences += changes.map {
                changeText($0, zone: comparison.zone, now: comparison.current.time, format: format)
            }
            if let utcThen = comparison.utcDaysThen {
                sentences.append(notComparedSentence(daysNotComparedClause(earlierUTC: utcThen)))
            }
            if !gapSaid, let gap = comparison.chanceGap { sentences.append(chanceGapText(gap)) }
            if comparison.tomorrowChanceNotCompared {
                sentences.append(notComparedSentence(tomorrowChanceNotComparedClause))
            }
            if comparison.warningsNotCompared > 0 {
                let count = comparison.warningsNotCompared
                sentences.append(
                    "And \(count) more \(count == 1 ? "warning" : "warnings") in force, not compared: a look keeps the first \(Look.mostWarnings) (“warnings” lists them all)."
                )
            }
        }
        for sentence in sentences {
            lines += wrap(
                sentence, keeping: [format.units.precipitation.symbol, format.temperatureSymbol, "%", "of"], indent: 2,
                width: context.reportWidth)
        }
        return lines + offlineNote(comparison.origin, context: context, style: style)
    }

    /// Why the ensemble's chance of rain was not compared (trial: "Nothing changed that
    /// matters" alone read as if it had been).
    static func chanceGapText(_ gap: LookComparison.ChanceGap) -> String {
        switch gap {
        case .ensembleNotAtHand:
            "The ensemble’s chance of rain was not compared: its answer is not at hand now (“chance” or “brief --sure” ask it)."
        case .noEarlierCount:
            "The ensemble’s chance of rain was not compared: no earlier look had it for these hours."
        }
    }

    /// "You looked in imperial units; compared in metric." — or, when yours are a preset with
    /// some changed, "You looked in metric units; now °F for temperature: compared in yours
    /// now.": the units that differ named, not "mixed".
    static func unitsSentence(earlier: String, current: UnitPreferences) -> String {
        let preset: UnitPreferences? =
            earlier == "metric" ? .metric : earlier == "imperial" ? .imperial : nil
        if let now = current.presetName { return "You looked in \(earlier) units; compared in \(now)." }
        guard let preset else { return "You looked in other units; compared in yours now." }
        var differing: [String] = []
        if current.temperature != preset.temperature {
            differing.append("\(current.temperature.symbol) for temperature")
        }
        if current.precipitation != preset.precipitation {
            differing.append("\(current.precipitation.symbol) for rain")
        }
        if current.windSpeed != preset.windSpeed { differing.append("\(current.windSpeed.symbol) for wind") }
        if current.pressure != preset.pressure { differing.append("\(current.pressure.symbol) for pressure") }
        if current.distance != preset.distance { differing.append("\(current.distance.symbol) for distance") }
        if current.clock != preset.clock { differing.append("the \(current.clock.rawValue) clock") }
        guard !differing.isEmpty else { return "You looked in \(earlier) units; compared in them." }
        return "You looked in \(earlier) units; now \(differing.joined(separator: ", ")): compared in yours now."
    }

    /// "Thu 08:10" for an instant at the place's clock within the 6 days before `now`; with its
    /// date from 6 days on, or when it is after now ("Thu 24 Jul 08:10"), and its year when
    /// that is not now's ("Thu 25 Jul 2024 08:10"): a weekday alone would name the wrong day.
    static func lookTime(_ time: Date, clock: ZoneClock, format: ValueFormatter, now: Date) -> String {
        let local = clock.localTime(time)
        let today = clock.localTime(now).date
        let days = today.dayNumber - local.date.dayNumber
        let weekday = ValueFormatter.weekdays[local.weekday]
        // With its zone in the hour the clocks go back (trial59: the other 02:30 read as now).
        let shown = format.clock(local, repeated: clock.isRepeated(time))
        guard days >= 6 || days < 0 else { return "\(weekday) \(shown)" }
        let year = local.date.year == today.year ? "" : " \(local.date.year)"
        // The date as every view writes it ("Thu 03 Dec"; trial59: brief's "Thu 3 Dec").
        return "\(format.day(local.date))\(year) \(shown)"
    }

    /// One change in words, from its facts, in your units: "The rain now starts 3 hours earlier
    /// (12:00, was 15:00)."
    ///
    /// - Parameters:
    ///   - zone: the place's clock; `now`: the current look's instant (which day is today).
    static func changeText(_ change: LookChange, zone: ZoneInfo, now: Date, format: ValueFormatter) -> String {
        let clock = ZoneClock(zone)
        let today = clock.localTime(now).date
        let lookedNow = now
        func at(_ date: Date) -> String {
            let local = clock.localTime(date)
            // With its zone when the reading happens twice (the night the clocks go back; trial58).
            let time = format.clock(local, repeated: clock.isRepeated(date))
            switch local.date.dayNumber - today.dayNumber {
            case 0: return time
            case 1: return "tomorrow \(time)"
            default: return "\(ValueFormatter.weekdays[local.weekday]) \(time)"
            }
        }
        // The day in words: "Fri" alone read as a label, and check's clause made "sun:" of
        // "Sun:" (trial), which reads as the weather.
        func day(_ date: LocalDate) -> String {
            switch date.dayNumber - today.dayNumber {
            case 0: "today"
            case 1: "tomorrow"
            default: ValueFormatter.weekdayNames[date.weekday]
            }
        }
        func hours(_ seconds: Double) -> String {
            let count = Int((abs(seconds) / 3_600).rounded())
            return count == 1 ? "1 hour" : "\(count) hours"
        }
        func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
        func degrees(_ was: Double, _ now: Double, _ what: String, _ date: LocalDate) -> String {
            // The difference of the exact values, converted and rounded once, as `brief` says
            // tomorrow's (`temperatureDifference`): 15.4 → 17.6 °C is "2 °C higher", not 3 from
            // 18 − 15 shown, and every unit says the same change (trial60).
            let change = format.temperatureDifference(now - was)
            return
                "\(capitalized(day(date)))’s \(what) \(format.temperature(now, digits: 0)), \(DecimalText.fixed(abs(change), digits: 0)) \(format.temperatureSymbol) \(change > 0 ? "higher" : "lower") (was \(format.temperature(was, digits: 0)))."
        }
        switch change {
        case .warningNew(let warning): return "New warning: \(warning.event)."
        case .warningEnded(let warning): return "Warning ended: \(warning.event)."
        case .rainStart(let was?, let now?):
            let seconds = now.timeIntervalSince(was)
            return
                "The rain now starts \(hours(seconds)) \(seconds < 0 ? "earlier" : "later") (\(at(now)), was \(at(was)))."
        case .rainStart(nil, let now?): return "Rain now from \(at(now)); it was dry for the next 24 hours."
        case .rainStart(let was?, nil): return "Now dry for the next 24 hours; rain was to start at \(at(was))."
        case .rainStart(nil, nil): return "Dry for the next 24 hours, as before."
        case .rainEnd(let was, let now):
            let seconds = now.timeIntervalSince(was)
            return
                "The rain now ends \(hours(seconds)) \(seconds < 0 ? "earlier" : "later") (\(at(now)), was \(at(was)))."
        case .rain(let date, let was, let now, let turned):
            let turn = turned ? (now > was ? ", now wet" : ", now dry") : ""
            return
                "\(capitalized(day(date)))’s rain \(format.precipitation(now)), was \(format.precipitation(was))\(turn)."
        case .high(let date, let was, let now): return degrees(was, now, "high", date)
        case .low(let date, let was, let now): return degrees(was, now, "low", date)
        case .chance(let was, let now, let wasLooked):
            // Both counts are over the same hours: the rest of the day from the later look's
            // next hour (a look at 20:10 is not compared with a whole day's count).
            // Today's whole day is compared with the earlier look's tomorrow, the same day
            // (trial59): both said whole, and which the earlier count was.
            let wholeToday = now.from == nil && now.date == today
            let span =
                now.from.map { "for the rest of \(day(now.date)) (from \(at($0)))" }
                ?? (wholeToday ? "over the whole of today" : day(now.date))
            let same =
                now.from != nil ? " over the same hours" : wholeToday ? " for the whole day, when it was tomorrow" : ""
            // The look (or check's mark) the count is from, when not the last one (trial58).
            let source =
                wasLooked.map { " as of \(lookTime($0, clock: clock, format: format, now: lookedNow))" } ?? ""
            return
                "Rain \(span) now \(BriefRules.likelihood(percent: now.percent)): \(now.members) of \(now.ofMembers) members (was \(was.members) of \(was.ofMembers)\(same)\(source))."
        }
    }
}

extension TextRenderer {
    /// One change as a clause inside a line (`check --changed`'s): `changeText` without its
    /// full stop, its first letter lower-cased unless it starts with a weekday's name
    /// ("the rain now starts…", "tomorrow’s high…", "Saturday’s rain…").
    static func changeClause(_ change: LookChange, zone: ZoneInfo, now: Date, format: ValueFormatter) -> String {
        var text = changeText(change, zone: zone, now: now, format: format)
        if text.hasSuffix(".") { text.removeLast() }
        if ValueFormatter.weekdayNames.contains(where: { text.hasPrefix($0) }) { return text }
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

extension JSONRenderer {
    /// `{"type":"changed",…}`: the outcome, both looks (metric, UTC) and each change that
    /// matters as `{"kind","text","facts"}`, the text as shown in your units.
    static func changed(_ comparison: LookComparison, context: RenderContext) -> JSONOutput {
        let format = ValueFormatter(units: context.units, unicode: context.unicode)
        func time(_ date: Date?) -> JSONOutput { date.map { .string(ISOTime.string($0)) } ?? .null }
        func chance(_ chance: LookChance) -> JSONOutput {
            .object([
                ("date", .string(chance.date.iso)), ("from", time(chance.from)),
                ("members", .number(Double(chance.members))), ("of_members", .number(Double(chance.ofMembers))),
            ])
        }
        func look(_ look: Look) -> JSONOutput {
            .object([
                ("time", time(look.time)), ("command", .string(look.command)), ("provider", .string(look.provider)),
                ("unit_system", .string(look.unitSystem)), ("answer_time", time(look.answerTime)),
                (
                    "days",
                    .array(
                        look.days.map {
                            .object([
                                ("date", .string($0.date.iso)), ("high_celsius", .optional($0.highCelsius)),
                                ("low_celsius", .optional($0.lowCelsius)),
                                ("precipitation_millimetres", .optional($0.precipitationMillimetres.map(hundredths))),
                            ])
                        })
                ),
                ("rain_start", time(look.rainStart)), ("rain_end", time(look.rainEnd)),
                (
                    "warnings",
                    look.warnings.map {
                        .array($0.map { .object([("id", .string($0.id)), ("event", .string($0.event))]) })
                    } ?? .null
                ),
                ("chance", look.chance.map(chance) ?? .null),
                ("chance_tomorrow", look.chanceTomorrow.map(chance) ?? .null),
            ])
        }
        func change(_ change: LookChange) -> JSONOutput {
            let (kind, facts) = changeFacts(change)
            return .object([
                ("kind", .string(kind)),
                (
                    "text",
                    .string(
                        TextRenderer.changeText(
                            change, zone: comparison.zone, now: comparison.current.time, format: format))
                ),
                ("facts", .object(facts)),
            ])
        }
        let outcome: String
        switch comparison.outcome {
        case .noEarlierLook: outcome = "no_earlier_look"
        case .otherProvider: outcome = "other_provider"
        case .nothingToCompare: outcome = "nothing_to_compare"
        case .compared(let changes): outcome = changes.isEmpty ? "nothing_changed" : "changed"
        }
        return .object([
            ("type", .string("changed")), ("place", place(comparison.place, index: nil)),
            ("time", time(comparison.current.time)),
            // The offset at the look's instant by the place's clock, as `brief --json` and `show
            // --json` give it: a named zone's offset moves within an answer.
            (
                "utc_offset_seconds",
                .number(Double(ZoneClock(comparison.zone).localTime(comparison.current.time).utcOffsetSeconds))
            ), ("outcome", .string(outcome)),
            ("units_differ", .bool(comparison.unitsDiffer)), ("earlier", comparison.earlier.map(look) ?? .null),
            ("current", look(comparison.current)), ("changes", .array(comparison.changes.map(change))),
            ("warnings_not_compared", .number(Double(comparison.warningsNotCompared))),
            ("chance_not_compared", comparison.chanceGap.map { .string(chanceGapName($0)) } ?? .null),
            ("days_differ", .bool(comparison.daysDiffer)),
            ("tomorrow_chance_not_compared", .bool(comparison.tomorrowChanceNotCompared)),
        ])
    }

    /// "ensemble_not_at_hand", "no_earlier_count": why the chance was not compared.
    static func chanceGapName(_ gap: LookComparison.ChanceGap) -> String {
        switch gap {
        case .ensembleNotAtHand: "ensemble_not_at_hand"
        case .noEarlierCount: "no_earlier_count"
        }
    }

    /// A change's kind and facts (metric, UTC), for `changed` and `brief`'s last sentence.
    static func changeFacts(_ change: LookChange) -> (String, [(String, JSONOutput)]) {
        func time(_ date: Date?) -> JSONOutput { date.map { .string(ISOTime.string($0)) } ?? .null }
        switch change {
        case .warningNew(let warning):
            return ("warning_new", [("id", .string(warning.id)), ("event", .string(warning.event))])
        case .warningEnded(let warning):
            return ("warning_ended", [("id", .string(warning.id)), ("event", .string(warning.event))])
        case .rainStart(let was, let now): return ("rain_start", [("was", time(was)), ("now", time(now))])
        case .rainEnd(let was, let now): return ("rain_end", [("was", time(was)), ("now", time(now))])
        case .rain(let date, let was, let now, let turned):
            return (
                "rain",
                [
                    ("date", .string(date.iso)), ("was_millimetres", .number(hundredths(was))),
                    ("now_millimetres", .number(hundredths(now))),
                    ("turned_wet_or_dry", .bool(turned)),
                ]
            )
        case .high(let date, let was, let now), .low(let date, let was, let now):
            let kind = if case .high = change { "high" } else { "low" }
            return (
                kind,
                [
                    ("date", .string(date.iso)), ("was_celsius", .number(hundredths(was))),
                    ("now_celsius", .number(hundredths(now))),
                ]
            )
        case .chance(let was, let now, let wasLooked):
            return (
                "chance",
                [
                    ("date", .string(now.date.iso)), ("from", time(now.from)), ("was_looked", time(wasLooked)),
                    ("was_members", .number(Double(was.members))),
                    ("was_of_members", .number(Double(was.ofMembers))), ("now_members", .number(Double(now.members))),
                    ("now_of_members", .number(Double(now.ofMembers))),
                ]
            )
        }
    }
}
