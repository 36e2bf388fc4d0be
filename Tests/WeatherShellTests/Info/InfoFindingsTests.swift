import Foundation
import Testing
import WXBasics
import WeatherStore
import WeatherTestSupport

@testable import WeatherKit
@testable import WeatherShell

extension LabelFindingsTests {
    @Test func aboutIndentsEveryEndpointAlike() {
        let info = AboutInfo(
            version: "1.0", services: [.nominatim, .openMeteo, .openMeteoArchive, .openMeteoPreviousRuns],
            endpoints: Endpoints {
                $0 == .openMeteoPreviousRuns ? "http://127.0.0.1:43567/previous-runs" : "http://127.0.0.1:43567"
            },
            configFolder: "/home/u/.config/wx", stateFolder: "/home/u/.local/state/wx",
            cacheFolder: "/home/u/.cache/wx",
            startupFile: "/home/u/.config/wx/wxrc", startupFileExists: false, lineEditorFile: "/home/u/.editrc")
        let lines = TextFitTests.render(.about(info), width: 40)
        let addresses = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("http://") }
        #expect(addresses.count >= 2, "\(lines)")
        #expect(Set(addresses.map { $0.prefix { $0 == " " }.count }).count == 1, "\(lines)")
        for line in lines { #expect(TextLayout.columns(line) <= 40, "\(line)") }
    }
}
