import WXBasics
import WeatherKit

/// `hourly abc`: by the grammar (`hourly [hours] [place]`) one word that is not a number is a
/// place; when no geocoder knows it, the error says that the hours come first, so that a count
/// typed wrong does not read as a missing town.
///
/// `hourly Berlin 6` reads “Berlin 6” as the place, as it must for “Route 66”; when nothing is
/// found for it (or the recorded answers have none of it), the error asks whether the number was the
/// count: “did you mean “hourly 6 Berlin”?” (trial 6).
extension PlaceResolver {
    /// `body`'s value; its "no place found" for a lone word given where a count may also stand
    /// becomes that, with how the command reads its words; for a place ending in a number that
    /// could be the count, it asks whether the count was meant.
    ///
    /// - Parameters:
    ///   - count: the count given, if any (then the word was no count).
    ///   - target: the place as typed.
    ///   - command: the command's name ("hourly").
    ///   - what: what the count counts ("hours").
    ///   - maximum: the largest count the command takes.
    /// `count` and `target` as the parser split them, or — when the words together are a
    /// favorite's name ("17 Jana Pawła Woronicza", a name wx gave from an address) — no count
    /// and that name: a favorite's whole name is never read as a count and a place (a new user:
    /// `hourly 17 Jana Pawła Woronicza` asked 17 hours of "Jana Pawła Woronicza", found nowhere).
    /// The same for a number beyond `rule`'s most, which the parser passed on for this (`daily
    /// 17 Foo` with a favorite “17 Foo”): when the words name no favorite, it is refused here,
    /// before any request, as the parser refuses it alone.
    ///
    /// - Throws: `rule.outOfRange` for a count outside 1…`rule.maximum` whose words name no favorite.
    func countAndTarget(_ count: Int?, _ target: String?, rule: CountRule) throws(ShellError) -> (
        count: Int?, target: String?
    ) {
        guard let count else { return (nil, target) }
        if let target, FavoriteMatching.match("\(count) \(target)", in: favorites).only != nil {
            return (nil, "\(count) \(target)")
        }
        guard (1...rule.maximum).contains(count) else { throw rule.outOfRange(String(count)) }
        return (count, target)
    }

    func placeAfterOptionalCount<T>(
        _ count: Int?, _ target: String?, command: String, what: String, maximum: Int,
        _ body: () async throws(ShellError) -> T
    ) async throws(ShellError) -> T {
        do {
            return try await body()
        } catch .noPlaceFound(let query) where count == nil && target == query && !query.contains(" ") {
            throw .notApplicable(
                "no place found for “\(TerminalText.sanitized(query))”; “\(command)” reads [\(what)] [place]: the number of \(what) first, as in “\(command) \(CommandParser.exampleCount(maximum: maximum)) Hamburg”"
            )
        } catch {
            guard count == nil, let target, let (place, number) = Self.countAtEnd(of: target, maximum: maximum),
                error == .noPlaceFound(target) || coverage.isRefusal(error, of: target)
            else { throw error }
            throw .notApplicable(
                "\(error.description); did you mean “\(command) \(number) \(TerminalText.sanitized(ShellWords.quotedRest(place)))”?"
            )
        }
    }

    /// `body`'s value; when nothing is found for a `target` whose first word is a whole number
    /// with more words after it, and the words after the number name a place (`isPlace`), the
    /// not-found error of `command` (one that takes no count: `normal`, `show`, `rain`, `air`,
    /// `changed`, `brief`) ends saying so: "no place found for “3 Berlin” — normal takes no
    /// count: normal Berlin". Such a place is looked up first, as any: addresses start with
    /// numbers (`show 10 Downing Street`, `show 221B Baker Street`); one not found is not taken
    /// for a count unless its rest is a place (the demo's “10 Downing Street” was said to be a
    /// count given to `show`, and “show Downing Street” suggested, which the demo has neither).
    func placeWithoutCount<T>(
        _ target: String?, command: String, _ body: () async throws(ShellError) -> T
    ) async throws(ShellError) -> T {
        do {
            return try await body()
        } catch {
            guard let target, let rest = Self.countAtStart(of: target),
                error == .noPlaceFound(target) || coverage.isRefusal(error, of: target), await isPlace(rest)
            else { throw error }
            let hint = "\(command) takes no count: \(command) \(TerminalText.sanitized(ShellWords.quotedRest(rest)))"
            throw coverage.refusal(of: target, saying: hint) ?? .notApplicable("\(error.description) — \(hint)")
        }
    }

    /// “3 Berlin” as the count 3 and the place “Berlin”: a first word that is a whole number,
    /// before at least one other word; nil otherwise.
    nonisolated static func countAtStart(of target: String) -> String? {
        let words = target.split(separator: " ")
        guard words.count >= 2, words[0].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return words.dropFirst().joined(separator: " ")
    }

    /// “Berlin 6” as the place “Berlin” and the count 6: a last word that is a whole number from
    /// 1 to `maximum`, after at least one other word; nil otherwise.
    nonisolated static func countAtEnd(of target: String, maximum: Int) -> (place: String, count: Int)? {
        let words = target.split(separator: " ")
        guard words.count >= 2, let last = words.last, last.allSatisfy({ $0.isASCII && $0.isNumber }),
            let number = Int(last), (1...maximum).contains(number)
        else { return nil }
        return (words.dropLast().joined(separator: " "), number)
    }
}

/// `plume foo Berlin`, `drift someday Berlin`: a first word that is none of the command's was
/// taken as the start of the place; when nothing is found for the whole and the rest alone is a
/// place — a favorite, a place of the recorded answers, or one the geocoder finds — the first
/// word is the mistake, said as one.
extension PlaceResolver {
    /// Words and then coordinates (“drift tomorow 53.54,9.98”, a day mistyped) are no place to
    /// look up — the geocoder was sent the words and the coordinates — but a word out of place.
    ///
    /// - Throws: `ShellError.usage` naming the words, when `target` is such.
    nonisolated static func refuseWordsBeforeCoordinates(_ target: String) throws(ShellError) {
        guard let stray = wordsBeforeCoordinates(target) else { return }
        throw .usage(
            "unknown “\(TerminalText.sanitized(String(stray.words.prefix(40))))” before the coordinates \(stray.coordinates): coordinates name a place alone"
        )
    }

    /// The words of `target` before coordinates that end it (“tomorow 53.5413,9.9842”,
    /// “tomorrow 48.85, 2.35”), and those coordinates as typed; nil when it does not end in
    /// coordinates after a word.
    nonisolated static func wordsBeforeCoordinates(_ target: String) -> (words: String, coordinates: String)? {
        let words = target.split(separator: " ")
        guard words.count >= 2 else { return nil }
        for start in 1..<words.count {
            let rest = words[start...].joined(separator: " ")
            if Coordinate(parsing: rest) != nil {
                return (words[..<start].joined(separator: " "), rest)
            }
        }
        return nil
    }

    /// The first word of `target` when it is letters only and the rest alone names a place: a
    /// favorite, a recorded place (`coverage.isRecorded`), or else one the geocoders find (the
    /// rest looked up as `show` would: one more request, made only after the whole found
    /// nothing); nil otherwise, and when that look-up fails.
    func strayFirstWord(of target: String) async -> String? {
        let words = target.split(separator: " ").map(String.init)
        guard words.count >= 2, let first = words.first, first.allSatisfy(\.isLetter) else { return nil }
        return await isPlace(words.dropFirst().joined(separator: " ")) ? first : nil
    }

    /// Whether `text` alone names a place: a favorite, coordinates, a recorded place (`coverage.isRecorded`),
    /// or else one the geocoders find (looked up as `show` would: one more request, made only
    /// after the whole text found nothing); false when that look-up fails.
    func isPlace(_ text: String) async -> Bool {
        if FavoriteMatching.match(text, in: favorites).only != nil { return true }
        if Coordinate(parsing: text) != nil { return true }
        if coverage.isRecorded {
            do throws(ShellError) {
                try coverage.check(name: text)
                return true
            } catch {
                return false
            }
        }
        // A place only the geocoder knows is a place as much as a favorite is (the fresh user's
        // `plume foo Lyon` said no place for “foo Lyon” where `plume foo Home` named “foo”).
        do throws(ShellError) {
            return try !(await search(text)).0.isEmpty
        } catch {
            return false
        }
    }
}
