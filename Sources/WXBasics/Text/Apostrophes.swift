/// The characters people mean as the keyboard's apostrophe `'`: typographic apostrophes and
/// single quotes, primes and accents used as apostrophes. Names are matched with each as `'`, so
/// that `O'Br` finds `O’Brien’s Pub` — when typed whole (favorite names) and at Tab alike.
package enum Apostrophes {
    /// ‘ ’ ‚ ‛ ′ ʼ ´ `
    package static let all: Set<Unicode.Scalar> = [
        "\u{2018}", "\u{2019}", "\u{201A}", "\u{201B}", "\u{2032}", "\u{02BC}", "\u{00B4}", "\u{0060}",
    ]

    /// `text` with each of `all` as `'`.
    package static func straightened(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: all.contains) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(all.contains(scalar) ? "'" : scalar) }
        return String(result)
    }
}
