import Foundation
import Testing

@testable import WeatherStore

/// The run over favorites in C (`FavoriteLayout.appendNames`: `wx_layout_names`, and its
/// unrolled form for the layout wx and plistlib write) against the layout's reading of one
/// favorite at a time (`FavoriteLayout.name`, itself tested against the one-pass reading in
/// `FavoriteLayoutTests`): whatever the run takes, the layout reads alike, name and end. The run
/// may leave a favorite the layout reads (a real it would have to work out, the last bytes held)
/// — the scan then reads that one the Swift way — but never takes one the layout refuses.
@Suite(.tags(.unit)) struct FavoriteLayoutRunTests {
    /// A name and where the favorite ends, as bytes (nil: none).
    typealias Answer = [UInt8]?

    /// Runs layouts over favorites into one builder, and compares each answer with the layout's.
    final class Runner {
        let builder: FavoriteNameListBuilder
        var taken = 0
        var differ = 0
        var labels: [String] = []

        init(_ builder: FavoriteNameListBuilder) { self.builder = builder }

        /// The first favorite the run takes at the start of `bytes`, and the layout's answer
        /// there, each as its name, a 0 and its end's digits.
        func answers(_ layout: FavoriteLayout, _ bytes: [UInt8]) -> (run: Answer, layout: Answer) {
            bytes.withUnsafeBytes { raw in
                let room = builder.room
                let after = layout.appendNames(raw, from: 0, to: builder)
                var run: Answer = nil
                if after > 0 {
                    let end = Int(builder.room.ends[room.end_count])
                    run = Array(UnsafeBufferPointer(start: builder.room.bytes + room.count, count: end - room.count))
                    run! += [0] + Array("\(after)".utf8)
                }
                let read = layout.name(raw, at: 0).map { Array(raw[$0.name]) + [0] + Array("\($0.end)".utf8) }
                return (run, read)
            }
        }

        /// Checks the favorite `bytes` read by `layout` where it ends the bytes and with white
        /// space after it (the run reads 16 bytes at a time, and runs of markup only 64 bytes
        /// before the end).
        func check(_ layout: FavoriteLayout, _ bytes: [UInt8], _ label: @autoclosure () -> String) {
            for padding in [0, 16, 80] {
                let (run, read) = answers(layout, bytes + [UInt8](repeating: 0x20, count: padding))
                guard let run else { continue }
                taken += 1
                if run != read {
                    differ += 1
                    if labels.count < 10 { labels.append("\(label()), padding \(padding)") }
                }
            }
        }
    }

    /// `body` given a runner whose builder has room for every name the run takes.
    static func withRunner(_ body: (Runner) throws -> Void) throws {
        var failure: (any Error)?
        _ = FavoriteNameListBuilder.build(bytes: 64 << 20, count: 1 << 21) { builder in
            do { try body(Runner(builder)) } catch { failure = error }
            return false
        }
        if let failure { throw failure }
    }

    /// plistlib's favorite (`PlainFavoriteNameTests.plistlib`) with `text` in place of `value`.
    static func plistlib(replacing value: String, with text: [UInt8]) throws -> [UInt8] {
        let parts = PlainFavoriteNameTests.plistlib.components(separatedBy: value)
        try #require(parts.count == 2)
        return Array(parts[0].utf8) + text + Array(parts[1].utf8)
    }

    /// Texts of plistlib's layout — the country code, the display name, the name — of 0 to 40
    /// bytes with each byte that stops a text (or `x`, or a space) at each place, so the stop
    /// falls at each offset of the first, second and third block of sixteen.
    @Test func textsAtEveryLengthAndStop() throws {
        let layout = try #require(FavoriteLayoutTests.layout(PlainFavoriteNameTests.plistlib))
        try Self.withRunner { runner in
            for value in [">de<", "Place 7, Somewhere", ">Place 7<"] {
                for length in 0...40 {
                    for place in 0..<max(length, 1) {
                        for stop: UInt8 in [0x3C, 0x3E, 0x26, 0x1F, 0x7F, 0x80, 0xFF, 0x20, 0x78, 0x00] {
                            var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                            if length > 0 { text[place] = stop }
                            if value.hasPrefix(">") { text = [UInt8(ascii: ">")] + text + [UInt8(ascii: "<")] }
                            let favorite = try Self.plistlib(replacing: value, with: text)
                            runner.check(layout, favorite, "\(value) \(length) \(place) \(stop)")
                        }
                    }
                }
            }
            #expect(runner.differ == 0, "\(runner.labels)")
            // Every text without a stop but a space or an `x` is taken with room after it
            // (a name starting or ending with a space is not): most of them.
            #expect(runner.taken > 2 * 3 * 800)
        }
    }

    /// Every real of up to 6 characters over `-`, `.`, `0`, `1`, `8`, `9` as the latitude and as
    /// the longitude, in plistlib's layout (the unrolled run) and the compact one (the loop over
    /// pieces); and reals at the bounds.
    @Test func realsOfEveryForm() throws {
        let plistlib = try #require(FavoriteLayoutTests.layout(PlainFavoriteNameTests.plistlib))
        let compact = try #require(FavoriteLayoutTests.layout(PlainFavoriteNameTests.compact))
        let alphabet = ["-", ".", "0", "1", "8", "9"]
        var numbers = [""]
        var all: [String] = []
        for _ in 1...6 {
            numbers = numbers.flatMap { number in alphabet.map { number + $0 } }
            all += numbers
        }
        all += [
            "90", "-90", "89.99999999999", "90.0", "179.9999999999", "-180", "180", "1e-05", "12345678901234",
            "1.2345678901234", "-0", "00.5", "099.5", "1.", "+5",
        ]
        try Self.withRunner { runner in
            for number in all {
                for (layout, text, latitude, longitude) in [
                    (plistlib, PlainFavoriteNameTests.plistlib, ">-53.25<", ">10<"),
                    (compact, PlainFavoriteNameTests.compact, ">54.3<", ">-180.0<"),
                ] {
                    for (old, other) in [(latitude, longitude), (longitude, latitude)] {
                        let favorite = text.replacingOccurrences(of: old, with: ">\(number)<")
                        #expect(favorite.contains(other))
                        runner.check(layout, Array(favorite.utf8), "\(number) for \(old)")
                    }
                }
            }
            #expect(runner.differ == 0, "\(runner.labels)")
            // python over the same alphabet: 3,414 reals within 90 and 4,251 within 180
            // (FavoriteLayoutTests.valuesAtEveryLengthAndStop); the run takes those of a whole
            // part below 90 (180) and of at most 15 bytes, each with 16 and 80 bytes after it.
            #expect(runner.taken > 2 * 2 * 3000)
        }
    }

    /// plistlib's and the compact favorite broken by hand at every byte (left out, replaced by or
    /// preceded with bytes that matter to the reading, cut), each read by the run of the unbroken
    /// favorite's layout.
    @Test func brokenFavorites() throws {
        try Self.withRunner { runner in
            for text in [PlainFavoriteNameTests.plistlib, PlainFavoriteNameTests.compact] {
                let layout = try #require(FavoriteLayoutTests.layout(text))
                let good = Array(text.utf8)
                for index in good.indices {
                    for (number, mutant) in PlainFavoriteNameTests.mutants(of: good, at: index).enumerated() {
                        runner.check(layout, mutant, "byte \(index), mutant \(number)")
                    }
                }
            }
            #expect(runner.differ == 0, "\(runner.labels)")
            #expect(runner.taken > 100)
        }
    }

    /// An array of favorites in plistlib's layout with names, display names and reals of every
    /// kind, some the run leaves and some the layout refuses, read as the scan reads them (the
    /// run, then the layout for the one it left, until the layout refuses one) into rooms of
    /// several sizes: the names the layout alone reads, and the names file's check of their
    /// bytes (`StreamingChecksum`), taken as the run appends them.
    @Test(arguments: [64, 700, 1 << 20])
    func aRunOfFavorites(room: Int) throws {
        // Learnt with the white space before it, as the scan learns it (each favorite's markup
        // starts there).
        let first = Array(("\n\t\t" + PlainFavoriteNameTests.plistlib).utf8)
        let layout = try #require(
            first.withUnsafeBytes { raw in
                StatePlistReader.plainFavoriteName(raw, at: 3).flatMap {
                    FavoriteLayout(raw, lead: 0, start: 3, end: $0.end)
                }
            })
        var favorites = ""
        var expected: [String] = []
        // Latitudes and longitudes the run takes, and ones it leaves to the layout (90, 180, 16
        // bytes or more).
        let latitudes = ["-53.25", "10", "90", "0.5", "45", "-0", "12.3456789012345", "89.9", "-90.0"]
        let longitudes = ["10", "-179.123456", "180", "-180.0", "99.5", "0", "179.99", "-100.000000000001"]
        for index in 0..<600 {
            let name = String(repeating: "n", count: index % 37 + 1) + "\(index)"
            let display = String(repeating: "d", count: index % 53)
            let latitude = latitudes[index % latitudes.count]
            let longitude = longitudes[(index / 3) % longitudes.count]
            favorites +=
                "\n\t\t"
                + PlainFavoriteNameTests.plistlib
                .replacingOccurrences(of: ">Place 7<", with: ">\(name)<")
                .replacingOccurrences(of: "Place 7, Somewhere", with: display)
                .replacingOccurrences(of: ">10<", with: ">LONGITUDE<")
                .replacingOccurrences(of: ">-53.25<", with: ">\(latitude)<")
                .replacingOccurrences(of: ">LONGITUDE<", with: ">\(longitude)<")
            expected.append(name)
        }
        // The first favorite the layout refuses ends the run (a name that ends with a space).
        favorites += "\n\t\t" + PlainFavoriteNameTests.plistlib.replacingOccurrences(of: ">Place 7<", with: ">x <")
        favorites += "\n\t\t" + PlainFavoriteNameTests.plistlib + "\n\t</array>\n</dict>\n</plist>\n"
        let bytes = Array(favorites.utf8)
        var position = 0
        var viaRun = 0
        let list = try #require(
            bytes.withUnsafeBytes { raw in
                FavoriteNameListBuilder.build(bytes: room, count: 0) { builder in
                    while true {
                        let after = layout.appendNames(raw, from: position, to: builder)
                        if after != position { viaRun += 1 }
                        position = after
                        guard let found = layout.name(raw, at: position) else { break }
                        position = found.end
                        builder.appendReadable16(UnsafeRawBufferPointer(rebasing: raw[found.name]))
                    }
                    return true
                }
            })
        #expect(list.strings == expected)
        var hash = StreamingChecksum()
        list.bytes.withUnsafeBytes { hash.add($0) }
        #expect(list.check == hash.value)
        #expect(viaRun > 0)
    }
}
