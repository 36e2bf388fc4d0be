import Foundation
import Testing
import WeatherTestSupport

/// Tab at the prompt with candidates that share more than what was typed: `show New` with the
/// favorites "New York" and "New Delhi" puts in the shared "New " (a space: nothing to see but
/// the cursor), as libedit and bash do, and a second Tab lists both.
@Suite(.tags(.terminal)) struct CommonPrefixTerminalTests {
    @Test func tabInsertsTheSharedPrefixThenLists() throws {
        let home = TemporaryFolder()
        let file = home.path + "/favorites.csv"
        try
            "name,latitude,longitude,display_name,country_code\nNew York,40.71,-74.01,\"New York, USA\",us\nNew Delhi,28.61,77.21,\"New Delhi, India\",in\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try runWX(["-c", "import favorites \(file)"], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
        let terminal = try TerminalSession(environment: ["WX_HOME": home.path, "LANG": "C.UTF-8"])
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        // The space inserted shows as the gap before what is typed next.
        try terminal.send("show New", "Tab")
        try terminal.send("X")
        try terminal.wait(for: "the shared prefix") { $0.hasSuffix("wx> show New X") }
        try terminal.send("BSpace", "Tab", "Tab")
        try terminal.wait(for: "both listed") { $0.contains("New York    New Delhi\nwx> show New") }
        try terminal.send("Y", "Tab")
        try terminal.wait(for: "one left") { $0.hasSuffix("wx> show New York") }
    }
}
