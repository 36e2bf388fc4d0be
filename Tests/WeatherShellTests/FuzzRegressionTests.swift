import Foundation
import Testing
import WeatherTestSupport

/// Replays every input `make fuzz` ever found a problem with (Fixtures/fuzz-regressions), and
/// every recorded body, through the same decode-and-render path the fuzzer uses.
@MainActor
@Suite struct FuzzRegressionTests {
    nonisolated static let inputs: [String] = {
        let root = TestPaths.fixtures.appendingPathComponent("fuzz-regressions")
        return DecoderExercise.targets.flatMap { target in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(target).path)) ?? [])
                .sorted().map { "fuzz-regressions/\(target)/\($0)" }
        }
    }()

    @Test func thereAreRegressionInputs() {
        #expect(Self.inputs.count >= 5)
    }

    @Test(arguments: inputs)
    func regression(path: String) {
        let target = path.split(separator: "/")[1]
        let folder = TemporaryFolder()
        DecoderExercise.run(String(target), TestPaths.fixture(path), folder: folder.path)
    }

    @Test func everyRecordedBodyThroughEveryServiceDecoder() {
        let folder = TemporaryFolder()
        for file in JSONFixtures.all {
            for target in DecoderExercise.targets where target != "log" && target != "state-plist" {
                DecoderExercise.run(target, TestPaths.fixture(file), folder: folder.path)
            }
        }
    }
}

enum JSONFixtures {
    static let all: [String] = ["nominatim", "open-meteo-forecast", "open-meteo-geocoding", "openweathermap", "cases"].flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.fixtures.appendingPathComponent(folder).path)) ?? [])
            .sorted().map { "\(folder)/\($0)" }
    }
}
