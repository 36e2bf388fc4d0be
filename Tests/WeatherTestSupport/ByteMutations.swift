/// `line` broken at `index` the ways a byte reader must agree with its parser on: cut short
/// before that byte, that byte left out, and that byte replaced by each of `replacements`
/// (those equal to it skipped). For tests that hold a fast reader to the general one.
public func brokenAt(_ index: Int, of line: [UInt8], replacements: [UInt8]) -> [[UInt8]] {
    var variants: [[UInt8]] = [Array(line[..<index]), Array(line[..<index] + line[(index + 1)...])]
    for byte in replacements where byte != line[index] {
        var changed = line
        changed[index] = byte
        variants.append(changed)
    }
    return variants
}
