import WXBasics

/// `hourly abc`: by the grammar (`hourly [hours] [place]`) one word that is not a number is a
/// place; when no geocoder knows it, the error says that the hours come first, so that a count
/// typed wrong does not read as a missing town.
extension WeatherSession {
    /// `body`'s value; its "no place found" for a lone word given where a count may also stand
    /// becomes that, with how the command reads its words.
    ///
    /// - Parameters:
    ///   - count: the count given, if any (then the word was no count).
    ///   - target: the place as typed.
    ///   - command: the command's name ("hourly").
    ///   - what: what the count counts ("hours").
    func placeAfterOptionalCount<T>(
        _ count: Int?, _ target: String?, command: String, what: String,
        _ body: () async throws(ShellError) -> T
    ) async throws(ShellError) -> T {
        do {
            return try await body()
        } catch .noPlaceFound(let query) where count == nil && target == query && !query.contains(" ") {
            throw .notApplicable(
                "no place found for “\(TerminalText.sanitized(query))”; “\(command)” reads [\(what)] [place]: the number of \(what) first, as in “\(command) 12 Hamburg”"
            )
        }
    }
}
