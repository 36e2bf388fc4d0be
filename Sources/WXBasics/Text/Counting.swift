/// Counts in words: the one place a number meets its noun, so that no message says "1 places".
package enum Counting {
    /// "1 place", "2 places", "0 places"; `plural` for a noun that does not take an "s"
    /// ("1 entry", "3 entries").
    ///
    /// - Parameters:
    ///   - number: how many; 1 (and only 1) takes the singular.
    ///   - noun: the singular noun.
    ///   - plural: the plural when it is not `noun` + "s".
    package static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }

    /// `number` with a comma between each group of three digits: "8,084", "-1,234,567", "12".
    package static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }

    /// Items in a sentence: "mean", "mean and wind", "condition, mean and wind"; "" for none.
    package static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }
}
