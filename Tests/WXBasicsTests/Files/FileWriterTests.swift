import Foundation
import Testing
import WeatherTestSupport

@testable import WXBasics

/// `FileWriter` through `FileIO.replace`: whatever mix of small pieces (gathered) and large ones
/// (written as they are) goes in, the file holds exactly those bytes in that order, also past the
/// 1 MiB the writer gathers before writing.
@Suite(.tags(.unit)) struct FileWriterTests {
    /// `count` bytes that differ from their neighbours, starting at `seed`.
    static func bytes(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 7 &+ seed) % 251) }
    }

    @Test(arguments: [
        [0],
        [1],
        [200, 137_381],
        [FileWriter.directSize - 1, FileWriter.directSize, 3],
        Array(repeating: 1000, count: 1200),
        [10, FileWriter.bufferSize + 1, 10, FileWriter.directSize - 1, FileWriter.directSize - 1],
        (0..<40).map { $0 % 2 == 0 ? FileWriter.directSize - 1 : 17 },
    ])
    func theFileHoldsEveryPieceInOrder(sizes: [Int]) throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/written"
        let pieces = sizes.enumerated().map { Self.bytes($1, seed: $0) }
        let replaced = try FileIO.replace(path, durable: false) { writer in
            for piece in pieces { writer.write(piece) }
            return true
        }
        #expect(replaced)
        #expect(FileManager.default.contents(atPath: path) == Data(pieces.joined()))
    }
}
