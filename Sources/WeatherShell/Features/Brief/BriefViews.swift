import FoundationEssentials
import WXBasics
import WeatherKit
import WeatherStore

// `brief` as text (a heading, then each sentence wrapped between words, in your units at the
// place's clock) and as JSON (each sentence beside the facts it states, metric, UTC).
extension TextRenderer {
    /// The heading and the sentences, each indented 2 and wrapped to the width (40 at least);
    /// then, for saved data served because the service failed, `show`'s line saying how old.
    static func briefLines(_ report: BriefReport, context: RenderContext, format: ValueFormatter, style: Style)
        -> [String]
    {
        let local = ZoneClock(report.zone).localTime(report.now)
        let when =
            "\(format.day(local.date)) \(format.clock(local)) \(ValueFormatter.zone(local))"
        var lines = [placeHeading(report.place.label, when, width: context.width)]
        for sentence in report.sentences {
            // A number is never parted from its unit ("0.5 mm", "2 °C"), nor a rate from its
            // "an hour".
            lines += wrap(
                briefText(sentence, report: report, format: format),
                keeping: [format.units.precipitation.symbol, format.temperatureSymbol, "%"],
                phrases: ["\(format.units.precipitation.symbol) an hour"], indent: 2, width: context.reportWidth)
            // Today's and tomorrow's highs over UTC days: said under that sentence as `show`
            // says its days are (the last sentence stays the change since the last look).
            if let days = report.utcDays, sentence.comparesDays {
                lines += note(utcDaysText(days.start, reason: days.reason, format: format), context, style)
            }
        }
        return lines + offlineNote(report.origin, context: context, style: style)
    }

    /// One sentence in words, from its facts.
    static func briefText(_ sentence: BriefSentence, report: BriefReport, format: ValueFormatter) -> String {
        let clock = ZoneClock(report.zone)
        let today = clock.localTime(report.now).date
        // "15:00" today, "tomorrow 03:00", "Tue 03:00" later.
        func at(_ date: Date) -> String {
            let local = clock.localTime(date)
            let time = format.clock(local, repeated: clock.isRepeated(date))
            switch local.date.dayNumber - today.dayNumber {
            case 0: return time
            case 1: return "tomorrow \(time)"
            default: return "\(ValueFormatter.weekdays[local.weekday]) \(time)"
            }
        }
        // "15:00", with its zone when the reading happens twice (the night the clocks go back:
        // "02:00 CET", as `rain` and `hourly` label it; trial58).
        func clockText(_ date: Date) -> String {
            format.clock(clock.localTime(date), repeated: clock.isRepeated(date))
        }
        // "at 15:00" today, "tomorrow at 03:00", "on Tue at 03:00" later: as a person says it.
        func atTime(_ date: Date) -> String {
            let local = clock.localTime(date)
            let time = format.clock(local, repeated: clock.isRepeated(date))
            switch local.date.dayNumber - today.dayNumber {
            case 0: return "at \(time)"
            case 1: return "tomorrow at \(time)"
            default: return "on \(ValueFormatter.weekdays[local.weekday]) at \(time)"
            }
        }
        switch sentence {
        case .noHours:
            return "The forecast has no hours from now to speak of."
        case .noPrecipitation:
            return "The forecast gives no precipitation for the hours ahead, so when it rains cannot be said."
        case .dry(_, let hours):
            guard hours < BriefRules.rainHorizonHours else { return "Dry for the next \(hours) hours." }
            return hours == 1
                ? "Dry for the 1 hour the forecast has left." : "Dry for the \(hours) hours the forecast has left."
        case .rain(let spell, let now):
            // Several steps with the same most: all of them, with the amount of each. Every
            // step of the spell alike: no heaviest part, the amount of each step only. A step
            // is the data's (`RainSpell.stepSeconds`): OpenWeatherMap's 4.43 mm over 00:00–03:00
            // read "4.4 mm an hour" (trial60).
            let amount = TextRenderer.spellAmount(spell, format: format)
            // With its day when that is not today: "heaviest 00:00–02:00" was tomorrow night (trial60).
            let heaviest =
                spell.even
                ? " (\(amount))"
                : ", heaviest \(at(spell.heaviestStart))–\(clockText(spell.heaviestEnd)) (\(amount))"
            // What falls, as `rain` says it; still falling where the forecast ends, said so.
            let (noun, falling) = spell.snow ? ("snow", "snowing") : ("rain", "raining")
            var end =
                spell.lastsPastWindow
                ? "still \(falling) when the forecast ends \(atTime(spell.end))" : "dry again by \(at(spell.end))"
            // Wet hours again within the 24: named, so that "dry again" is not read as the rest.
            if let later = laterClause(spell.later, at: at, clockText: clockText, clock: clock, format: format) {
                end += ", " + later
            }
            if spell.start <= now {
                return "\(noun.prefix(1).uppercased())\(noun.dropFirst()) now\(heaviest), \(end)."
            }
            let part = BriefRules.partOfDay(clock.localTime(spell.start), today: today)
            return "Dry until about \(at(spell.start)), then \(noun) \(part)\(heaviest), \(end)."
        case .chance(let date, _, let members, let of):
            let day =
                switch date.dayNumber - today.dayNumber {
                case 0: "in the rest of today"
                case 1: "tomorrow"
                default: ValueFormatter.weekdays[date.weekday]
                }
            let percent = of > 0 ? Double(members) * 100 / Double(of) : 0
            // Today's count is over its rest, from the next hour: "over the day" read as the
            // whole day's (trial60).
            let over = date == today ? "over the rest of the day" : "over the day"
            return
                "Rain \(day) is \(BriefRules.likelihood(percent: percent)): \(members) of \(of) members give \(format.precipitationThreshold(BriefRules.wetDayMillimetres)) or more \(over)."
        case .chancePart(let reading):
            // The hours held decide only when they already reach "likely" (check --rain's
            // rule): the hours missing can add rain, never take it away.
            let amount = format.precipitationThreshold(BriefRules.wetDayMillimetres)
            guard reading.isUnknown, let part = reading.part else {
                return
                    "Rain tomorrow is likely: \(reading.members) of \(reading.ofMembers) members already give \(amount) or more over \(reading.partWindow(format) ?? "tomorrow")."
            }
            return
                "Rain tomorrow cannot be judged yet: the ensemble covers it only until \(format.clock(part.coveredUntil)), and over those \(part.hoursCovered) hours (of \(part.hoursInDay)) \(reading.members) of \(reading.ofMembers) members give \(amount) or more."
        case .tomorrow(let todayHigh, let tomorrowHigh, let range):
            // The difference of the exact highs, converted and rounded once
            // (`temperatureDifference`): today's high is not shown beside it, and every unit
            // says the same change — 17.3 → 15.4 °C is "2 °C" and "2 K cooler", not "1 K" from
            // 290 and 289 K shown (trial 59).
            let change = format.temperatureDifference(tomorrowHigh - todayHigh)
            let high = "high \(format.temperature(tomorrowHigh, digits: 0))"
            // The members' range, named as the ensemble's: it can leave out the forecast's high.
            // Ends that show alike whole (16.6 and 17.4 °C) are shown with a decimal, never "17
            // to 17 °C" (trial 58); ends alike even then are one figure.
            let spread = range.map {
                let digits =
                    format.temperatureValue($0.lowerBound, digits: 0)
                        != format.temperatureValue($0.upperBound, digits: 0)
                    ? 0 : 1
                let alike =
                    format.temperatureValue($0.lowerBound, digits: digits)
                    == format.temperatureValue($0.upperBound, digits: digits)
                let members =
                    alike
                    ? "the ensemble’s \(format.temperature($0.upperBound, digits: digits))"
                    : "the ensemble’s \(format.temperatureValue($0.lowerBound, digits: digits)) to \(format.temperature($0.upperBound, digits: digits))"
                let percentiles = alike ? "10th and 90th percentile alike" : "10th to 90th percentile"
                return $0.contains(tomorrowHigh)
                    ? " (\(members))" : "; \(members) (its members’ \(percentiles))"
            }
            let compared =
                BriefRules.warmth(change: tomorrowHigh - todayHigh).map {
                    "\(DecimalText.fixed(abs(change), digits: 0)) \(format.temperatureSymbol) \($0) than today"
                } ?? "about as warm as today"
            return "Tomorrow \(compared), \(high)\(spread ?? "")."
        case .warning(let warning):
            let mark = format.unicode ? "⚠" : "!"
            return
                "\(mark) \(warning.event) (\(WarningsPresentation.grade(warning))) \(span(warning, clock: clock, format: format, now: report.now))."
        case .moreWarnings(let count):
            return "\(Counting.count(count, "more warning")) in force or within 24 hours: “warnings” lists them all."
        case .runs(_, let issued, let then, let now):
            let unit = format.units.temperature
            // The difference of the two highs as shown whole (then's here, now's the newest run's,
            // as the tomorrow sentence shows it): "cooled 6 °F … (71 °F then)" beside "high 65 °F",
            // not 5 from 5.4 (trial, `changed`'s like it).
            let change = format.shownTemperatureChange(from: then, to: now)
            let when =
                "since the run of \(format.day(issued))"
            guard let word = BriefRules.warmth(change: now - then, step: BriefRules.changedTemperatureCelsius) else {
                let step = unit.convert(celsius: BriefRules.changedTemperatureCelsius) - unit.convert(celsius: 0)
                return
                    "The forecast for tomorrow’s high has held within \(DecimalText.fixed(step, digits: 0)) \(format.temperatureSymbol) \(when)."
            }
            return
                "The forecast for tomorrow’s high has \(word == "warmer" ? "warmed" : "cooled") \(DecimalText.fixed(abs(change), digits: 0)) \(format.temperatureSymbol) \(when) (\(format.temperature(then, digits: 0)) then)."
        case .sinceLook(let earlier, let change, let sameAnswer, let utcDaysThen, let chanceGap):
            // Today's look by its time; an older one by its weekday, or its date from 6 days on.
            let local = clock.localTime(earlier)
            let when =
                local.date == today
                // With its zone in the hour the clocks go back: the other 02:30 (trial59).
                ? format.clock(local, repeated: clock.isRepeated(earlier))
                : lookTime(earlier, clock: clock, format: format, now: report.now)
            let since = "Since you looked at \(when)"
            // What was not compared, said as `changed` and `check --changed` say it.
            let days = utcDaysThen.map { " (\(daysNotComparedClause(earlierUTC: $0)))" } ?? ""
            guard let change else {
                // A look moments before (`rain Berlin; brief Berlin`) showed this same answer:
                // nothing was compared, and saying "nothing changed" would claim it was.
                // Nor "nothing changed" alone while the chance was not compared (trial59).
                let gap = chanceGap != nil ? " (the ensemble’s chance of rain was not compared)" : ""
                return sameAnswer
                    ? TextRenderer.sameAnswerText(when: when) : "\(since): nothing changed that matters\(gap)\(days)."
            }
            // "the rain now starts…", but a day's name keeps its capital ("Friday’s rain 4.5 mm").
            return "\(since): \(changeClause(change, zone: report.zone, now: report.now, format: format))\(days)."
        }
    }
}

extension TextRenderer {
    /// The spells after the first in words, each with its amount: "rain again 13:00–14:00
    /// (0.1 mm) and 20:00–22:00 (31.0 mm)" up to `BriefRules.mostLaterSpellsNamed`; more,
    /// "rain again on and off 10:00–tomorrow 02:00 (5.5 mm), heaviest 15:00–17:00 (4.0 mm)".
    /// A span's end has its day when that is not its start's; the last, still wet where the
    /// data end, is "from" its start, said so after the rest. Nil for none.
    ///
    /// - Parameters:
    ///   - at: an instant as the sentence says it ("15:00", "tomorrow 03:00", "Tue 03:00").
    ///   - clockText: an instant's clock alone ("15:00").
    ///   - clock: the place's, whose calendar days tell whether a span ends on its start's day.
    static func laterClause(
        _ later: [LaterSpell], at: (Date) -> String, clockText: (Date) -> String, clock: ZoneClock,
        format: ValueFormatter
    ) -> String? {
        guard let first = later.first, let last = later.last else { return nil }
        // "20:00–22:00", "22:00–tomorrow 01:00" (`at` of the end names its day from today's view).
        func span(_ start: Date, _ end: Date) -> String {
            let sameDay = clock.localTime(start).date == clock.localTime(end).date
            return "\(at(start))–\(sameDay ? clockText(end) : at(end))"
        }
        let open = last.lastsPastData
        var said: String
        if later.count <= BriefRules.mostLaterSpellsNamed {
            var parts: [String] = []
            var before: Bool?
            for spell in later {
                let noun = spell.snow ? "snow" : "rain"
                // The noun again only when it changes: "rain again 13:00–14:00 (…) and 20:00–22:00 (…)".
                let word = before == nil ? "\(noun) again " : before == spell.snow ? "" : "\(noun) "
                before = spell.snow
                let when = spell.lastsPastData ? "from \(at(spell.start))" : span(spell.start, spell.end)
                parts.append("\(word)\(when) (\(format.precipitation(spell.totalMillimetres)))")
            }
            said = parts.dropLast().joined(separator: ", ") + (parts.count > 1 ? " and " : "") + (parts.last ?? "")
        } else {
            let noun = later.allSatisfy(\.snow) ? "snow" : "rain"
            let total = later.reduce(0) { $0 + $1.totalMillimetres }
            let when = open ? "from \(at(first.start))" : span(first.start, last.end)
            said = "\(noun) again on and off \(when) (\(format.precipitation(total)))"
            // The heaviest (the first of equals), named when some have more than others.
            var heaviest = first
            for spell in later where spell.totalMillimetres > heaviest.totalMillimetres { heaviest = spell }
            if later.contains(where: { $0.totalMillimetres != heaviest.totalMillimetres }) {
                said +=
                    ", heaviest \(span(heaviest.start, heaviest.end)) (\(format.precipitation(heaviest.totalMillimetres)))"
            }
        }
        if open { said += ", still \(last.snow ? "snowing" : "raining") when the forecast ends" }
        return said
    }

    /// The amount of the spell's heaviest steps (or of each, when it is even), with the span
    /// it falls over: one hour's "0.5 mm", several hours' "0.5 mm an hour"; a longer step's
    /// "4.4 mm in those 3 hours", several "4.4 mm every 3 hours" — the step the data's own
    /// (`RainSpell.stepSeconds`), never taken for an hour.
    static func spellAmount(_ spell: RainSpell, format: ValueFormatter) -> String {
        let amount = format.precipitation(spell.heaviestMillimetres)
        let step = max(spell.stepSeconds, 1)
        let several = spell.heaviestEnd.timeIntervalSince(spell.heaviestStart) > Double(step)
        guard step != 3_600 else { return several ? "\(amount) an hour" : amount }
        let length = DecimalText.shortest(Double(step) / 3_600)
        return several ? "\(amount) every \(length) hours" : "\(amount) in those \(length) hours"
    }
}

extension JSONRenderer {
    /// `{"type":"brief",…}`: the place, now, and each sentence as `{"kind","text","facts"}` —
    /// the text as shown (your units), the facts metric and UTC, so a script can check what
    /// the words say.
    static func brief(_ report: BriefReport, context: RenderContext) -> JSONOutput {
        let format = ValueFormatter(units: context.units, unicode: context.unicode)
        // A difference to 0.01 °C (its inputs have 0.1): -2.2, not -2.200000000000003.
        func sentence(_ sentence: BriefSentence) -> JSONOutput {
            let kind: String
            let facts: [(String, JSONOutput)]
            switch sentence {
            case .noHours:
                kind = "no_hours"
                facts = []
            case .noPrecipitation:
                kind = "no_precipitation"
                facts = []
            case .dry(let from, let hours):
                kind = "dry"
                facts = [("from", .string(ISOTime.string(from))), ("hours", .number(Double(hours)))]
            case .rain(let spell, let now):
                kind = "rain"
                facts = [
                    ("raining_now", .bool(spell.start <= now)), ("start", .string(ISOTime.string(spell.start))),
                    ("end", .string(ISOTime.string(spell.end))),
                    ("heaviest_start", .string(ISOTime.string(spell.heaviestStart))),
                    ("heaviest_end", .string(ISOTime.string(spell.heaviestEnd))),
                    ("heaviest_precipitation_millimetres", .number(spell.heaviestMillimetres)),
                    ("step_seconds", .number(Double(spell.stepSeconds))),
                    ("precipitation_millimetres", .number(hundredths(spell.totalMillimetres))),
                    ("still_raining_at_end", .bool(spell.lastsPastWindow)),
                    ("even", .bool(spell.even)),
                    ("falls", .string(spell.snow ? "snow" : "rain")),
                    // The spells after it, as the sentence names them (trial61: a third went unsaid).
                    (
                        "later",
                        .array(
                            spell.later.map {
                                .object([
                                    ("start", .string(ISOTime.string($0.start))),
                                    ("end", .string(ISOTime.string($0.end))),
                                    ("precipitation_millimetres", .number(hundredths($0.totalMillimetres))),
                                    ("falls", .string($0.snow ? "snow" : "rain")),
                                    ("still_raining_at_end", .bool($0.lastsPastData)),
                                ])
                            })
                    ),
                    ("later_on_and_off", .bool(spell.later.count > BriefRules.mostLaterSpellsNamed)),
                ]
            case .chance(let date, let isToday, let members, let of):
                kind = "chance"
                facts = [
                    ("date", .string(date.iso)), ("today", .bool(isToday)), ("members", .number(Double(members))),
                    ("of_members", .number(Double(of))),
                    ("wet_day_millimetres", .number(BriefRules.wetDayMillimetres)),
                    (
                        "likelihood",
                        .string(BriefRules.likelihood(percent: of > 0 ? Double(members) * 100 / Double(of) : 0))
                    ),
                ]
            case .chancePart(let reading):
                kind = "chance_part_day"
                facts = [
                    ("date", .string(reading.date.iso)), ("members", .number(Double(reading.members))),
                    ("of_members", .number(Double(reading.ofMembers))),
                    ("wet_day_millimetres", .number(BriefRules.wetDayMillimetres)),
                    ("hours_covered", .number(Double(reading.part?.hoursCovered ?? 0))),
                    ("hours_in_day", .number(Double(reading.part?.hoursInDay ?? 0))),
                    ("covered_until", .optional(reading.part.map { ISOTime.string($0.end) })),
                    ("judged", .bool(!reading.isUnknown)),
                    ("likelihood", .optional(reading.isUnknown ? nil : "likely")),
                ]
            case .tomorrow(let todayHigh, let tomorrowHigh, let range):
                kind = "tomorrow"
                facts = [
                    ("today_high_celsius", .number(todayHigh)), ("tomorrow_high_celsius", .number(tomorrowHigh)),
                    ("change_celsius", .number(hundredths(tomorrowHigh - todayHigh))),
                    ("tomorrow_high_p10_celsius", .optional(range?.lowerBound)),
                    ("tomorrow_high_p90_celsius", .optional(range?.upperBound)),
                    // The two highs are UTC days' (the forecast came in GMT), as `show --json` names them.
                    ("days_in_utc", .bool(report.utcDays != nil)),
                ]
            case .warning(let warning):
                kind = "warning"
                facts = [("warning", warningObject(warning))]
            case .moreWarnings(let count):
                kind = "more_warnings"
                facts = [("count", .number(Double(count)))]
            case .runs(let date, let issued, let then, let now):
                kind = "runs"
                facts = [
                    ("date", .string(date.iso)), ("issued", .string(issued.iso)), ("then_high_celsius", .number(then)),
                    ("now_high_celsius", .number(now)), ("change_celsius", .number(hundredths(now - then))),
                ]
            case .sinceLook(let earlier, let change, _, let utcDaysThen, let chanceGap):
                kind = "since_look"
                let (changeKind, changeFacts) = change.map(changeFacts) ?? ("nothing_changed", [])
                facts = [
                    ("earlier", .string(ISOTime.string(earlier))), ("change", .string(changeKind)),
                    ("change_facts", .object(changeFacts)), ("days_differ", .bool(utcDaysThen != nil)),
                    // Why the chance was not compared, as `changed` and `check --changed` name it.
                    ("chance_not_compared", chanceGap.map { .string(chanceGapName($0)) } ?? .null),
                ]
            }
            return .object([
                ("kind", .string(kind)),
                ("text", .string(TextRenderer.briefText(sentence, report: report, format: format))),
                ("facts", .object(facts)),
            ])
        }
        return .object([
            ("type", .string("brief")), ("place", place(report.place, index: nil)),
            ("time", .string(ISOTime.string(report.now))),
            // The offset at now by the place's clock, as the heading and `show --json` give it: a
            // named zone's offset moves within an answer (the answer's own is its first hour's).
            // OpenWeatherMap's zone now takes its steps' offset at the mapping, not the current
            // reading's (trial60's 3600 in GMT came from a reading of another season).
            ("utc_offset_seconds", .number(Double(ZoneClock(report.zone).localTime(report.now).utcOffsetSeconds))),
            ("ensemble_used", .bool(report.ensembleUsed)), ("sentences", .array(report.sentences.map(sentence))),
        ])
    }
}
