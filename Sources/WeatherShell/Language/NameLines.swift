import WeatherStore

/// Favorites' names that fit what was typed, as the lines of the packed names they are in (each
/// name and its "\n" in `FavoriteNameList.bytes`): what `wx --complete` writes, as it lies, with
/// no `String` made for each (all 100,000 offered after `show Pla` were a `String` each, gathered
/// into bytes again: 56 M of 200 M instructions).
package struct NameLines: Sendable {
    /// The names read.
    let list: FavoriteNameList
    /// The names that fit: runs of consecutive indices into `list`, in order.
    let runs: [Range<Int>]
    /// How many names fit.
    let count: Int

    /// The names that fit, in order.
    var strings: [String] {
        var strings: [String] = []
        strings.reserveCapacity(count)
        for run in runs {
            for index in run { strings.append(list[index]) }
        }
        return strings
    }

    /// Gives `body` the lines of the names that fit, in order, a run of consecutive ones at once:
    /// each name's bytes and "\n".
    func forEachRun(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        list.bytes.withUnsafeBufferPointer { bytes in
            for run in runs where !run.isEmpty {
                let start = list.start(run.lowerBound)
                let end = Int(list.ends[run.upperBound - 1]) + 1
                body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            }
        }
    }
}
