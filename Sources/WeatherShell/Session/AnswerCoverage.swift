import FoundationEssentials
import WXBasics
import WeatherKit

/// A kind of answer a place can have, in the words a refusal names it by ("the forecast",
/// "past weather"…).
package enum AnswerKind: String, Sendable, CaseIterable {
    case forecast = "the forecast"
    case past = "past weather"
    case normals = "climate normals"
    case air = "air quality"
    case ensemble = "an ensemble forecast"
    case models = "other models’ forecasts"
    case earlierRuns = "earlier forecast runs"
    case warnings = "warnings"
}

/// Which places and kinds of answer wx can give, asked before any request, and when the
/// answers about a place were recorded.
///
/// The live services cover every place and kind, at wx's own clock (`EveryAnswer`); a world of
/// recorded answers covers only the places and kinds it holds, each at the instant it was
/// recorded. The composition root chooses one and wraps the services to match; the session and
/// the features only ask it.
package protocol AnswerCoverage: Sendable {
    /// Whether the answers are recorded ones, each at its own instant (then nothing is asked of
    /// a real service, and days are not counted on the user's clock).
    var isRecorded: Bool { get }
    /// What gives the answers when no service is asked (`doctor` says it: "not asked: …"); nil
    /// when the services are asked.
    var answeredWithoutAsking: String? { get }
    /// The instant the answers about the place at `coordinate` were recorded (nil: a place not
    /// known yet); nil for live answers, whose "now" is wx's own clock.
    func recordedInstant(at coordinate: Coordinate?) -> Date?
    /// Before a geocoder is asked for `query`: refuses a name not covered.
    func check(name query: String) throws(ShellError)
    /// Before `coordinate` is reverse geocoded: refuses a place not covered, named `label`.
    func check(_ coordinate: Coordinate, label: String) throws(ShellError)
    /// Whether `error` is this coverage's refusal of `name`.
    func isRefusal(_ error: ShellError, of name: String) -> Bool
    /// This coverage's refusal of `name`, saying `hint` where it would name what it covers
    /// instead; nil when it refuses no name.
    func refusal(of name: String, saying hint: String) -> ShellError?
    /// Before an OpenWeatherMap city id (`query`, "id:2950159") is looked up.
    func checkCityID(_ query: String) throws(ShellError)
    /// Before a command about the place at `coordinate` (called `label`) asks for `kind` of
    /// answer (nil: any): refuses a place not covered, or not for that kind.
    func admit(_ coordinate: Coordinate, label: String, needing kind: AnswerKind?) throws(ShellError)
    /// Why `kind` of answer at `coordinate` cannot be given; nil when it can.
    func lacking(_ kind: AnswerKind, at coordinate: Coordinate) -> String?
    /// That the answer for `report`'s place has no `block` ("hourly", "daily") forecast, said
    /// with the view it does have; nil when that is the provider's to say.
    func lacking(_ block: String, in report: WeatherReport) -> ShellError?
    /// Before `skill` asks for `window` at `coordinate`: refuses a window the answers do not
    /// cover.
    func checkSkill(_ window: ClosedRange<LocalDate>, at coordinate: Coordinate) throws(ShellError)
    /// A service's refusal in the words of this coverage; `error` as it is otherwise.
    func translated(_ error: ShellError) -> ShellError
    /// `operation` with the clock at each place's later recorded instant, if it has one, and
    /// the lines saying so for the places of `coordinates` ("wx’s clock moves to Berlin’s later
    /// recording, 2025-08-08 03:00 UTC"): checking a kept forecast needs its days to have
    /// passed, which at the instant the forecast was recorded none has. Live answers: `operation`
    /// as it is, and no lines.
    func readingLater<T>(
        about coordinates: [Coordinate], isolation: isolated (any Actor)?,
        _ operation: () async throws(ShellError) -> T
    ) async throws(ShellError) -> (notices: [String], value: T)
}

extension AnswerCoverage {
    /// `admit(_:label:needing:)` for any kind of answer.
    func admit(_ coordinate: Coordinate, label: String) throws(ShellError) {
        try admit(coordinate, label: label, needing: nil)
    }
}

/// The live services' coverage: every place, every kind, at wx's own clock.
package struct EveryAnswer: AnswerCoverage {
    package init() {}
    package var isRecorded: Bool { false }
    package var answeredWithoutAsking: String? { nil }
    package func recordedInstant(at coordinate: Coordinate?) -> Date? { nil }
    package func check(name query: String) throws(ShellError) {}
    package func check(_ coordinate: Coordinate, label: String) throws(ShellError) {}
    package func isRefusal(_ error: ShellError, of name: String) -> Bool { false }
    package func refusal(of name: String, saying hint: String) -> ShellError? { nil }
    package func checkCityID(_ query: String) throws(ShellError) {}
    package func admit(_ coordinate: Coordinate, label: String, needing kind: AnswerKind?) throws(ShellError) {}
    package func lacking(_ kind: AnswerKind, at coordinate: Coordinate) -> String? { nil }
    package func lacking(_ block: String, in report: WeatherReport) -> ShellError? { nil }
    package func checkSkill(_ window: ClosedRange<LocalDate>, at coordinate: Coordinate) throws(ShellError) {}
    package func translated(_ error: ShellError) -> ShellError { error }
    package func readingLater<T>(
        about coordinates: [Coordinate], isolation: isolated (any Actor)?,
        _ operation: () async throws(ShellError) -> T
    ) async throws(ShellError) -> (notices: [String], value: T) { ([], try await operation()) }
}
