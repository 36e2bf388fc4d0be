import Foundation
import Testing
import WeatherTestSupport

@testable import WeatherShell

/// `\o FILE` to a named pipe whose reader stops reading (issue 38, item 5: "Ctrl-C returns the
/// prompt from any wait"): the write waited in the kernel for room that never came, and Ctrl-C,
/// which cancels the command's task, could not reach it. The old code never returns here: the
/// time limit fails the test.
@Suite(.tags(.unit), .hangLimit) struct FileOutputTests {
    /// A FIFO in a fresh folder and a reader of it that reads only when the test says.
    func stalledPipe() throws -> (path: String, reader: Int32, folder: TemporaryFolder) {
        let folder = TemporaryFolder()
        let path = folder.path + "/results"
        #expect(mkfifo(path, 0o600) == 0)
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        return (path, reader, folder)
    }

    @Test func aCancelledCommandGivesUpOnAStalledReaderSayingSoOnce() async throws {
        let (path, reader, folder) = try stalledPipe()
        defer { close(reader) }
        _ = folder
        let megabyte = String(repeating: "x", count: 1 << 20)
        let writing = Task { @MainActor () throws -> String in
            let console = TestConsole()
            let output = try FileOutput(path: path, errors: console)
            output.write(megabyte)
            output.write("the rest of the command\n")
            return console.errors
        }
        writing.cancel()
        #expect(
            try await writing.value == "error: results to \(path) stopped: its reader is not reading, and Ctrl-C came\n"
        )
        // What fit in the pipe went; not the megabyte, nor what came after.
        var buffer = [UInt8](repeating: 0, count: 2 << 20)
        let got = read(reader, &buffer, buffer.count)
        #expect(got > 0 && got < 1 << 20)
        #expect(!buffer[0..<max(got, 0)].contains(UInt8(ascii: "\n")))
    }

    @Test func aCommandNotCancelledWaitsForTheReaderAndWritesEverything() async throws {
        let (path, reader, folder) = try stalledPipe()
        defer { close(reader) }
        _ = folder
        let count = 1 << 20
        let writing = Task { @MainActor () throws -> String in
            let console = TestConsole()
            let output = try FileOutput(path: path, errors: console)
            output.write(String(repeating: "y", count: count) + "\n")
            return console.errors
        }
        // The reader comes back: everything arrives, in order, and nothing is said.
        var received = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while received < count + 1 {
            var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 1_000)
            let got = read(reader, &buffer, buffer.count)
            if got > 0 { received += got }
        }
        #expect(try await writing.value.isEmpty)
        #expect(received == count + 1)
    }
}
