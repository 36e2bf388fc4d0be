import FoundationEssentials
import WXBasics
import WeatherKit

/// `warnings [-v | N] [place | favorite]`: which form was asked for.
package struct WarningsRequest: Hashable, Sendable {
    /// The place (nil: the current location), as for `show`.
    package var target: String?
    /// `-v`: every warning with its description and instruction.
    package var verbose: Bool
    /// `warnings N`: the Nth warning (1-based, as listed) in full.
    package var index: Int?

    package init(target: String? = nil, verbose: Bool = false, index: Int? = nil) {
        self.target = target
        self.verbose = verbose
        self.index = index
    }
}

/// `warnings`: what the feed covering a place says, after the shared rules.
package struct WarningReport: Hashable, Sendable {
    package var place: Place
    /// The feed asked; nil when no keyless feed covers the place's country.
    package var service: Service?
    /// The warnings in force or announced, most severe first.
    package var warnings: [WeatherWarning]
    /// How the place was matched when not by point (MeteoAlarm: by region name).
    package var match: String?
    package var origin: DataOrigin?
    /// The place's forecast when it could be had: its zone gives local times, its hours what
    /// wx forecasts for the warned hazard. Nil: times in the zone nearest to the place in the tz
    /// database (`WarningsPresentation.zone`), no comparison.
    package var forecast: Forecast?
    package var request: WarningsRequest
    /// Messages the feed carried that wx could not read as warnings, and why
    /// (`WarningFeedAnswer.setAside`): said, so that "none" is never said over them.
    package var setAside = 0
    package var setAsideReason: String?
}

/// `show`'s lines about warnings: those in force, what changed since the last look (`watch`),
/// or why the feed could not be asked.
package struct WarningBanner: Hashable, Sendable {
    package var place: Place
    package var service: Service
    /// Warnings in force now, most severe first.
    package var warnings: [WeatherWarning]
    package var zone: ZoneInfo
    /// The feed's failure, one line; nil when it answered.
    package var failure: String?
    /// What changed since the previous look while watching.
    package var changes: [WarningChange] = []
}

/// A change `watch` announces with the bell.
package struct WarningChange: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
        case appeared, upgraded, ended
    }
    package var kind: Kind
    package var warning: WeatherWarning
}

/// `compare`: the favorites with a warning in force, and those whose feed failed.
package struct WarningMarks: Hashable, Sendable {
    package struct Mark: Hashable, Sendable {
        /// The favorite's name.
        package var name: String
        /// The most severe warning in force, and how many there are.
        package var top: WeatherWarning?
        package var count: Int
        package var zone: ZoneInfo?
        package var failure: String?
    }
    package var marks: [Mark]
}
