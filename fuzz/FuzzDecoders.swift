import Glibc

// libFuzzer entry point for wx's decoders: each input goes to the decoder named by
// WX_FUZZ_TARGET (see DecoderExercise.targets), and what it decodes is rendered as text and
// JSON, so that a crash anywhere from bytes to screen is found. `make fuzz` compiles this with
// WeatherKit, WeatherStore, WeatherShell and DecoderExercise.swift as one module; a crashing input goes into
// Fixtures/fuzz-regressions/<target>/, which a test replays.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

nonisolated(unsafe) private let target: String = getenv("WX_FUZZ_TARGET").map { String(cString: $0) } ?? "json"
nonisolated(unsafe) private let folder: String = {
    var template = Array("/tmp/wx-fuzz-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    MainActor.assumeIsolated { DecoderExercise.run(target, data, folder: folder) }
    return 0
}
