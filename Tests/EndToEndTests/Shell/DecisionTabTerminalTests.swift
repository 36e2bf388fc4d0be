import Foundation
import Testing
import WeatherTestSupport

/// Trial 54 item 11 at a real terminal (tmux): `plume <TAB><TAB>` and `best 2h <TAB><TAB>`
/// listed nothing where `units <TAB><TAB>` lists its words; an empty word lists what the
/// position takes, the favorites after them.
@Suite(.tags(.terminal)) struct DecisionTabTerminalTests {
    @Test func aSecondTabListsTheVariablesAndConditionsAPositionTakes() throws {
        let home = TemporaryFolder()
        let file = home.path + "/favorites.csv"
        try "name,latitude,longitude\nHome,48.86,2.35\n".write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try runWX(["-c", "import favorites \(file)"], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
        let terminal = try TerminalSession(environment: ["WX_HOME": home.path, "LANG": "C.UTF-8"])
        try terminal.resize(columns: 100, rows: 40)
        try terminal.wait(for: "the prompt") { $0.hasSuffix("wx>") }
        try terminal.send("plume ", "Tab", "Tab")
        try terminal.wait(for: "plume's variables, then the favorite") { screen in
            let rows = screen.split(separator: "\n").map(String.init)
            guard rows.count >= 2, rows[rows.count - 1] == "wx> plume" else { return false }
            return rows[rows.count - 2].split(separator: " ") == ["temp", "rain", "gusts", "wind", "Home"]
        }
        try terminal.send("C-u")
        try terminal.send("best 2h ", "Tab", "Tab")
        try terminal.wait(for: "best's conditions and day words") { screen in
            ["dry", "wind<", "laundry", "tomorrow", "saturday", "Home"].allSatisfy { screen.contains($0) }
                && screen.hasSuffix("wx> best 2h")
        }
        try terminal.send("C-u", "C-d")
    }
}
