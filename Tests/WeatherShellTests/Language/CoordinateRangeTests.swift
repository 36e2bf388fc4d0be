import Testing
import WXBasics
import WeatherKit
import WeatherTestSupport

@testable import WeatherShell

/// Text that reads as “latitude,longitude” — two numbers however written: an exponent, nan,
/// inf — but whose values are not finite or out of range is the coordinate-range usage error
/// (exit 2) in every command that takes a place, said before any request. `show 1e308,1` and
/// `show nan,nan` had gone to the geocoder ("no place found", exit 1), as had `brief 91,0`.
@Suite(.tags(.unit)) struct CoordinateRangeTests {
    static let lines = [
        "show 1e308,1", "show nan,nan", "show inf,0", "show 3,-Infinity", "show 1E5,2", "show 91,0",
        "find 1e308,1", "find nan,nan", "rain nan,nan", "air 1e999,0", "normal nan,1", "changed 0,1e308",
        "brief nan,nan", "brief 91,0", "brief --sure 1e308,1", "check --warnings 1e308,1", "check --warnings nan,nan",
        "check --rain 60% 91,0", "line nan,nan",
    ]

    @Test(arguments: lines)
    func isTheRangeError(line: String) {
        #expect(throws: ShellError.coordinatesOutOfRange) { try CommandParser.parse(line) }
        #expect(ShellError.coordinatesOutOfRange.exitStatus == 2)
    }

    @Test(arguments: [
        ("1e308,1", true), ("nan,nan", true), ("+inf,0", true), ("2.5E-3,1", false), ("48.85,2.35", false),
    ])
    func readsAsANumberPair(text: String, outOfRange: Bool) throws {
        let pair = try #require(Coordinate.numberPair(text))
        #expect(pair.isValid == !outOfRange)
    }

    /// Names and other text stay names: only two numbers are coordinates.
    @Test(arguments: ["Nan", "Nan, Thailand", "0x10,0x10", "1e,2", "e5,1", "Paris", "1e308", "--1,2", "1,2,3"])
    func otherTextIsNoPair(text: String) {
        #expect(Coordinate.numberPair(text) == nil)
        #expect(CommandParser.coordinateRangeError(text) == nil)
    }
}
