import FoundationEssentials
import WXBasics

/// One official weather warning as a national weather service issued it, in wx's own terms:
/// every feed (NWS, DWD through Bright Sky, Environment Canada, MET Norway, MeteoAlarm) is
/// read into this shape, and the shared rules (`WarningRules`) work on it alone.
///
/// Every text is already safe for a terminal (`WarningText.clean`): no control bytes, lines
/// kept in `description` and `instruction` only.
package struct WeatherWarning: Hashable, Sendable {
    /// The issuing service's identifier for this message (CAP `identifier`, NWS `id`).
    package var id: String
    /// What the warning is about, in the feed's words ("Flood Watch", "frost", "Kuling").
    package var event: String
    /// CAP severity (Minor…Extreme), or `.unknown` with the feed's own word.
    package var severity: WarningSeverity
    /// The colour level where the feed gives one (MeteoAlarm, DWD, MET Norway, ECCC); nil for NWS.
    package var level: WarningLevel?
    /// When the hazard begins (CAP `onset`; ECCC `validity_datetime`); nil when not given.
    package var onset: Date?
    /// When this message stops being current (CAP `expires`), which may be before the hazard ends.
    package var expires: Date?
    /// When the hazard ends (NWS `ends`, ECCC `event_end_datetime`, MET Norway `when.interval`);
    /// nil when the feed gives only `expires`.
    package var ends: Date?
    /// Who issued it, short ("NWS Portland OR", "DWD", "Environment Canada", "KNMI").
    package var issuer: String
    package var headline: String?
    /// The feed's description; may hold several lines.
    package var description: String?
    /// What to do; may hold several lines.
    package var instruction: String?
    /// The language of the texts ("en", "de", "nl-NL"), as the feed says; nil when it does not.
    package var language: String?
    /// CAP `msgType`: a first alert, an update or a cancellation of earlier messages.
    package var messageType: WarningMessageType
    /// CAP `status`: only `.actual` is ever shown as a warning.
    package var status: WarningStatus
    /// Identifiers of the earlier messages this one updates or cancels.
    package var references: [String]
    /// The area the warning was issued for, as the feed names it ("Flevoland", "City of Toronto").
    package var area: String?
    /// The UTC offset, seconds east, the feed wrote the warning's onset (else its end) with
    /// when that is the place's own clock (NWS writes "2019-12-20T13:34:00-08:00" in the
    /// office's local time); nil when the feed writes UTC or its offsets need not be the
    /// place's. Tells the place's zone when no service named it (`ZoneInfo.keeping`).
    package var localOffsetSeconds: Int?
    /// The onset as the feed wrote it when it gave no zone ("2026-03-07 00:00", the date and
    /// the clock only): not guessed into `onset` (which stays nil), but said, so that a warning
    /// that starts later does not read as in force without a start (trial 63); nil otherwise.
    package var onsetWithoutZone: String? = nil
    /// The end (`expires`) as the feed wrote it when it gave no zone, as `onsetWithoutZone`;
    /// nil otherwise.
    package var expiresWithoutZone: String? = nil

    package init(
        id: String, event: String, severity: WarningSeverity, level: WarningLevel? = nil, onset: Date? = nil,
        expires: Date? = nil, ends: Date? = nil, issuer: String, headline: String? = nil, description: String? = nil,
        instruction: String? = nil, language: String? = nil, messageType: WarningMessageType = .alert,
        status: WarningStatus = .actual, references: [String] = [], area: String? = nil,
        localOffsetSeconds: Int? = nil
    ) {
        self.id = id
        self.event = event
        self.severity = severity
        self.level = level
        self.onset = onset
        self.expires = expires
        self.ends = ends
        self.issuer = issuer
        self.headline = headline
        self.description = description
        self.instruction = instruction
        self.language = language
        self.messageType = messageType
        self.status = status
        self.references = references
        self.area = area
        self.localOffsetSeconds = localOffsetSeconds
    }

    /// When the warning stops being in force: `ends`, else `expires`; nil when the feed gave
    /// neither (shown as "no end given").
    package var end: Date? { ends ?? expires }

    /// Whether it is in force at `now`: begun (or no onset given) and not ended.
    package func isInForce(at now: Date) -> Bool {
        if let onset, onset > now { return false }
        if let end, end <= now { return false }
        return true
    }

    /// The hazard wx itself forecasts that the warning is about, read from the event's words
    /// in English, German, Dutch, French and Norwegian; nil for hazards wx does not forecast
    /// (floods, avalanches, fog, air quality…).
    package var hazard: WarningHazard? { WarningHazard(event: event) }
}

/// CAP severity, ordered from least to most severe.
package enum WarningSeverity: Hashable, Sendable, Comparable {
    case unknown(String)
    case minor
    case moderate
    case severe
    case extreme

    /// Reads CAP's words in any case ("Severe", "minor"); anything else is `.unknown` with the
    /// word kept (cleaned) for display.
    package init(_ word: String?) {
        switch word?.trimmed.lowercased() {
        case "minor": self = .minor
        case "moderate": self = .moderate
        case "severe": self = .severe
        case "extreme": self = .extreme
        default: self = .unknown(WarningText.line(word ?? "").prefix(24).description)
        }
    }

    /// 0 (unknown) to 4 (extreme), for sorting: the warning that leads a list, `check`'s line,
    /// `brief`'s sentences is the most severe. A feed's own word that plainly names a grade
    /// (`wordRanks`: "catastrophic", "red") ranks as that grade while it is still shown as sent;
    /// any other word, and CAP's "Unknown", ranks last.
    package var rank: Int {
        switch self {
        case .unknown(let word): Self.wordRanks[word.trimmed.lowercased()] ?? 0
        case .minor: 1
        case .moderate: 2
        case .severe: 3
        case .extreme: 4
        }
    }

    /// "minor", "severe"; "unknown severity" or the feed's own word.
    package var word: String {
        switch self {
        case .unknown(let word): word.isEmpty ? "unknown severity" : word
        case .minor: "minor"
        case .moderate: "moderate"
        case .severe: "severe"
        case .extreme: "extreme"
        }
    }

    package static func < (a: WarningSeverity, b: WarningSeverity) -> Bool { a.rank < b.rank }

    /// Words outside CAP's four that feeds (or hand-written answers) use for a grade, with the
    /// CAP rank they stand for: MeteoAlarm's colours (yellow Moderate, orange Severe, red
    /// Extreme) and plain English for the top and the bottom of the scale.
    static let wordRanks: [String: Int] = [
        "low": 1, "yellow": 2, "medium": 2, "high": 3, "major": 3, "orange": 3, "very high": 4, "red": 4,
        "catastrophic": 4, "critical": 4,
    ]
}

/// The European colour levels (MeteoAlarm `awareness_level` "2; yellow; Moderate", DWD,
/// MET Norway `riskMatrixColor`, ECCC `risk_colour_en`). Green means "no warning".
package enum WarningLevel: Int, Hashable, Sendable, Comparable {
    case green = 1
    case yellow = 2
    case orange = 3
    case red = 4

    /// Reads "yellow", "Orange", "2; yellow; Moderate", "3"; nil for anything else.
    package init?(_ text: String?) {
        guard let text = text?.lowercased() else { return nil }
        let words = text.split { $0 == ";" || $0 == " " || $0 == "," }.map(String.init)
        for word in words {
            switch word {
            case "green", "1": self = .green
            case "yellow", "2": self = .yellow
            case "orange", "3": self = .orange
            case "red", "4": self = .red
            default: continue
            }
            return
        }
        return nil
    }

    /// "yellow", "orange", "red", "green".
    package var word: String {
        switch self {
        case .green: "green"
        case .yellow: "yellow"
        case .orange: "orange"
        case .red: "red"
        }
    }

    package static func < (a: WarningLevel, b: WarningLevel) -> Bool { a.rawValue < b.rawValue }
}

/// CAP `msgType`.
package enum WarningMessageType: String, Hashable, Sendable {
    case alert
    case update
    case cancel

    /// "Alert", "Update", "Cancel" in any case; anything else (or nothing) is an alert.
    package init(_ word: String?) {
        switch word?.trimmed.lowercased() {
        case "update": self = .update
        case "cancel": self = .cancel
        default: self = .alert
        }
    }
}

/// CAP `status`: whether a message is a real warning.
package enum WarningStatus: String, Hashable, Sendable {
    case actual
    /// Exercise, test, system, draft: never shown as a warning.
    case notReal

    /// "Actual" in any case (or nothing said) is real; "Test", "Exercise", "System", "Draft"
    /// and anything else are not.
    package init(_ word: String?) {
        guard let word = word?.trimmed.lowercased(), !word.isEmpty else {
            self = .actual
            return
        }
        self = word == "actual" ? .actual : .notReal
    }
}

/// A hazard wx forecasts, which a warning can be set beside.
package enum WarningHazard: String, Hashable, Sendable, CaseIterable {
    case wind, rain, frost, heat, snow

    /// The hazard named in `event` text, in English, German, Dutch, French or Norwegian; nil
    /// when none of wx's is named. Freezing rain counts as frost (ice), thunderstorms as wind.
    package init?(event: String) {
        let text = event.lowercased()
        let table: [(WarningHazard, [String])] = [
            (
                .frost,
                ["frost", "freez", "verglas", "ice ", "icing", "glatt", "gladheid", "vorst", "gel", "ising", "cold"]
            ),
            (.snow, ["snow", "schnee", "sneeuw", "neige", "snø", "blizzard", "winter"]),
            (.heat, ["heat", "hitze", "hitte", "chaleur", "canicule", "hete", "temperature", "high temp"]),
            (
                .wind,
                [
                    "wind", "gust", "storm", "sturm", "gale", "kuling", "orkan", "hurricane", "tornado", "böen",
                    "vents",
                    "thunder", "gewitter", "onweer",
                ]
            ),
            (.rain, ["rain", "regen", "pluie", "flood", "flash", "niederschlag", "regn", "hochwasser"]),
        ]
        for (hazard, words) in table where words.contains(where: text.contains) {
            self = hazard
            return
        }
        return nil
    }
}

/// Makes a feed's text safe and tidy for the terminal.
package enum WarningText {
    /// One line: control bytes and bidi overrides gone, runs of space collapsed, at most
    /// `limit` characters.
    package static func line(_ text: String, limit: Int = 300) -> String {
        let clean = TerminalText.sanitized(text).split(separator: " ", omittingEmptySubsequences: true)
            .joinedText(separator: " ")
        return clean.count > limit ? String(clean.prefix(limit - 1)) + "…" : clean
    }

    /// Several lines (split at LF, CR LF, CR or any other line break): each cleaned as `line`, blank runs kept to one blank
    /// line, leading and trailing blank lines gone; nil when nothing is left.
    package static func paragraphs(_ text: String?) -> String? {
        guard let text else { return nil }
        var lines: [String] = []
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = Self.line(String(raw), limit: 2_000)
            if line.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let joined = lines.joinedText(separator: "\n")
        return joined.isEmpty ? nil : String(joined.prefix(8_000))
    }

    /// A one-line field, nil when empty.
    package static func optionalLine(_ text: String?) -> String? {
        guard let text else { return nil }
        let clean = line(text)
        return clean.isEmpty ? nil : clean
    }
}

/// What a snapshot keeps of a warning in force when it was saved (`save`; `saved N` shows it).
package struct KeptWarning: Hashable, Sendable, Codable {
    package var event: String
    /// "yellow", "orange", "red"; nil when the feed gives no colour.
    package var level: String?
    /// "minor" … "extreme", or the feed's own word.
    package var severity: String
    package var onset: Date?
    /// `ends`, else `expires`; nil when the feed gave neither.
    package var end: Date?
    package var issuer: String
    package var headline: String?

    package init(
        event: String, level: String?, severity: String, onset: Date?, end: Date?, issuer: String, headline: String?
    ) {
        self.event = event
        self.level = level
        self.severity = severity
        self.onset = onset
        self.end = end
        self.issuer = issuer
        self.headline = headline
    }

    /// The most warnings a snapshot keeps, the most severe first: a bounded summary, so that
    /// `save` never fails because of warnings (issue 38: 2,000 made a 409 KB record).
    package static let mostKept = 10
    /// The longest text kept of a warning's event, issuer or headline, in characters.
    package static let longestText = 200

    /// What a snapshot keeps of `warning`, each text cut to `longestText` characters.
    package init(_ warning: WeatherWarning) {
        func cut(_ text: String) -> String {
            text.count > Self.longestText ? String(text.prefix(Self.longestText - 1)) + "…" : text
        }
        self.init(
            event: cut(warning.event), level: warning.level?.word, severity: warning.severity.word,
            onset: warning.onset, end: warning.end, issuer: cut(warning.issuer), headline: warning.headline.map(cut))
    }
}
