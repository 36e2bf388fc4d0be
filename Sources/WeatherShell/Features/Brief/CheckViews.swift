import FoundationEssentials
import WXBasics
import WeatherKit

// `check` as text (one line: which held, or that none did, with the numbers) and as JSON.
extension TextRenderer {
    /// One line: "Paris: rain ≥ 1 mm over the rest of today 41 of 51 members (80 %) ≥ 60 %"
    /// for what held, "Paris:
    /// none held — …" with each reading when none did. Never wrapped for scripts and
    /// notifications; at a terminal, wrapped between words to its width, later lines indented.
    static func checkLines(_ report: CheckReport, context: RenderContext, format: ValueFormatter) -> [String] {
        let clock = ZoneClock(report.zone ?? WarningsPresentation.utc)
        let now = context.now
        func said(_ outcome: CheckOutcome) -> String {
            if let reading = outcome.reading {
                let rain = reading.alert.kind == .rain
                let day = reading.partWindow(format) ?? (reading.isToday ? "the rest of today" : "tomorrow")
                let what = rain ? EnsembleDay.rainWindowText(format, day: day) : "frost"
                let when =
                    rain
                    ? ""
                    : reading.partWindow(format).map { " over \($0)" }
                        ?? (reading.isToday ? " rest of today" : " tomorrow")
                let comparison = outcome.holds ? "≥" : "<"
                return
                    "\(what)\(when) \(reading.members) of \(reading.ofMembers) members (\(NearLimit.text(reading.percent, base: 0, limits: [reading.alert.thresholdPercent])) %) \(comparison) \(DecimalText.shortest(reading.alert.thresholdPercent)) %"
            }
            if outcome.condition == .changed {
                guard let since = outcome.markTime else {
                    // Not the first check after a switch of provider: said (trial58).
                    if let provider = outcome.otherProviderMark {
                        let name = Service(rawValue: provider)?.displayName ?? provider
                        return
                            "changes: none yet (the last mark was of \(name)’s forecast, which cannot be compared; compared from next time)"
                    }
                    return "changes: none yet (first check; compared from next time)"
                }
                let when = lookTime(since, clock: clock, format: format, now: now)
                // What was not compared, each said as `changed` and `brief` say it.
                let notCompared = [
                    outcome.chanceNotComparedText,
                    outcome.comparison?.utcDaysThen.map { daysNotComparedClause(earlierUTC: $0) },
                ].compactMap { $0 }
                let gap = notCompared.isEmpty ? "" : " (\(notCompared.joined(separator: "; ")))"
                let changes = outcome.comparison?.changes ?? []
                // The most important change, the biggest of its kind (the changes come so ordered).
                guard let first = changes.first else {
                    return "nothing changed that matters since \(when)\(gap)"
                }
                let text = changeClause(first, zone: report.zone ?? WarningsPresentation.utc, now: now, format: format)
                let others = changes.count - 1
                let more = others > 0 ? "; and \(others) more \(others == 1 ? "change" : "changes")" : ""
                return "changed since \(when): \(text)\(more)\(gap)"
            }
            guard let first = outcome.warnings.first else { return "no warning in force or within 24 h" }
            let more = outcome.warnings.count > 1 ? " and \(outcome.warnings.count - 1) more" : ""
            return
                "⚠ \(first.event) (\(WarningsPresentation.grade(first))) \(span(first, clock: clock, format: format, now: now))\(more)"
        }
        let held = report.outcomes.filter(\.holds)
        // Those not checked are named after what the others read (why is said on stderr).
        let options = report.notChecked.map(\.option).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let notChecked = options.isEmpty ? "" : "; \(Counting.list(options)) not checked"
        let text =
            held.isEmpty
            ? "\(report.place.name): none held — " + report.outcomes.map(said).joined(separator: "; ") + notChecked
            : "\(report.place.name): " + held.map(said).joined(separator: "; ")
        // Exactly one line, never wrapped, at any width, for scripts and notifications
        // (`msg=$(wx check …)`), which take it whole; a terminal would cut it mid-word.
        guard context.outputIsTerminal else { return [text] }
        return wrap(text, keeping: ["%"], indent: 0, width: context.width)
    }
}

extension CheckOutcome {
    /// Why `--changed` did not compare the ensemble's chance of rain, as a clause of check's one
    /// line ("chance of rain not compared: no earlier check had it for these hours"); nil when
    /// it was compared, or neither side had it.
    var chanceNotComparedText: String? {
        switch comparison?.chanceGap {
        case .ensembleNotAtHand?:
            "chance of rain not compared: the ensemble’s answer is not at hand (--rain or “chance” ask it)"
        case .noEarlierCount?: "chance of rain not compared: no earlier check had it for these hours"
        case nil: nil
        }
    }
}

extension JSONRenderer {
    /// `{"type":"check",…}`: `holds` (the exit status is 0 when true, 1 when false, 3 when false
    /// and a condition in `not_checked` could not be checked) and each condition with what it read — the members and the percentage of the day with more for
    /// `--rain`/`--frost`, the warnings for `--warnings`.
    static func check(_ report: CheckReport) -> JSONOutput {
        func outcome(_ outcome: CheckOutcome) -> JSONOutput {
            var members: [(String, JSONOutput)] = [
                ("condition", .string(String(outcome.condition.option.dropFirst(2)))), ("holds", .bool(outcome.holds)),
            ]
            if let reading = outcome.reading {
                members += [
                    ("threshold_percent", .number(reading.alert.thresholdPercent)), ("date", .string(reading.date.iso)),
                    ("today", .bool(reading.isToday)), ("model", .string(reading.model.rawValue)),
                    ("members", .number(Double(reading.members))), ("of_members", .number(Double(reading.ofMembers))),
                    ("percent", .number(reading.percent)),
                ]
                // `--rain` counts a member's day, its amounts added: said as `chance`'s window is.
                if reading.alert.kind == .rain {
                    members += [
                        ("rain_threshold_millimetres", .number(EnsembleDay.wetThresholdMillimetres)),
                        ("rain_window", .string("day")),
                    ]
                }
                if let part = reading.part {
                    members += [
                        ("hours_covered", .number(Double(part.hoursCovered))),
                        ("hours_in_day", .number(Double(part.hoursInDay))),
                    ]
                }
            }
            if outcome.condition == .warnings {
                members.append(("warnings", .array(outcome.warnings.map { warningObject($0) })))
            }
            if outcome.condition == .changed {
                members.append(("since", outcome.markTime.map { .string(ISOTime.string($0)) } ?? .null))
                // Why the chance of rain was not compared, named as `changed`'s document names it.
                members.append(
                    ("chance_not_compared", outcome.comparison?.chanceGap.map { .string(chanceGapName($0)) } ?? .null))
                // Whether each day's high, low and rain went uncompared, as in `changed`.
                members.append(("days_differ", .bool(outcome.comparison?.daysDiffer ?? false)))
                members.append(
                    (
                        "changes",
                        .array(
                            (outcome.comparison?.changes ?? []).map {
                                let (kind, facts) = changeFacts($0)
                                return .object([("kind", .string(kind)), ("facts", .object(facts))])
                            })
                    ))
            }
            return .object(members)
        }
        return .object([
            ("type", .string("check")), ("place", place(report.place, index: nil)), ("holds", .bool(report.anyHolds)),
            ("exit_status", .number(Double(report.exitStatus))),
            ("warning_service", .optional(report.warningService?.displayName)),
            ("conditions", .array(report.outcomes.map(outcome))),
            (
                "not_checked",
                .array(
                    report.notChecked.map {
                        .object([
                            ("condition", .string(String($0.option.dropFirst(2)))),
                            ("reason", .string($0.error.description)),
                        ])
                    })
            ),
        ])
    }
}
