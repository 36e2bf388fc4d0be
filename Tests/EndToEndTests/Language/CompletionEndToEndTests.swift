import Foundation
import Testing
import WeatherTestSupport

/// Issue 12 items 5 and 11 in the real shells: the scripts `wx completions SHELL` prints,
/// driven as each shell drives them on Tab, against favorites with awkward names.
@Suite(.tags(.endToEnd)) struct CompletionEndToEndTests {
    /// A home whose state.plist holds `names` as favorites (saved through wx itself).
    func home(with names: [String]) throws -> TemporaryFolder {
        let home = TemporaryFolder()
        let rows = names.enumerated().map { index, name in
            "\"\(name.replacingOccurrences(of: "\"", with: "\"\""))\",\(50 + Double(index) / 10),10.0"
        }
        let file = home.path + "/favs.csv"
        try (["name,latitude,longitude"] + rows).joined(separator: "\n").appending("\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try runWX(["import", "favorites", file], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
        return home
    }

    var environment: [String: String] {
        ["PATH": (TestPaths.wxBinary as NSString).deletingLastPathComponent + ":/usr/bin:/bin"]
    }

    @Test func bashCompletesAwkwardNamesFileNamesAndFormats() throws {
        let home = try home(with: ["O'Brien", "The \"Best\" Bar", "Elbe Tunnel", "-5 Degrees"])
        var environment = environment
        environment["WX_HOME"] = home.path
        let bash = try runProgram(
            "/bin/bash",
            [
                "-c",
                """
                cd \(home.path)
                source <(wx completions bash)
                complete_line() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); _wx; printf '<%s>' "${COMPREPLY[@]}"; echo; }
                complete_line wx show O
                complete_line wx compare Th
                complete_line wx compare '"Th'
                complete_line wx show "'O"
                complete_line wx compare 'Elbe\\ '
                complete_line wx hourly -
                complete_line wx export favorites --format ''
                complete_line wx export favorites --format = j
                complete_line wx export favorites ''
                complete_line wx import favorites ex
                """,
            ], environment: environment)
        #expect(
            bash.stdout == """
                <O\\'Brien>
                <The\\ \\"Best\\"\\ Bar>
                <"The \\"Best\\" Bar">
                <'O'\\''Brien'>
                <Elbe\\ Tunnel>
                <-5\\ Degrees>
                <csv><json>
                <json>
                <>
                <>

                """, "\(bash.stderr)")
        // What bash inserted runs on that name: it reaches wx as one argument.
        let run = try runWX(["fav", "rm", "The \"Best\" Bar"], home: home)
        #expect(run.stdout == "☆ The \"Best\" Bar removed from favorites\n", "\(run.stderr)")
    }

    /// Real bash at a terminal: readline inserts what the script gives, in the quote the user
    /// opened; where wx offers nothing, bash's own file-name completion.
    @Test func bashAtATerminal() throws {
        let home = try home(with: ["The \"Best\" Bar", "O'Brien"])
        try "x".write(toFile: home.path + "/export-2026.csv", atomically: true, encoding: .utf8)
        var environment = environment
        environment["WX_HOME"] = home.path
        environment["HOME"] = home.path
        let terminal = try TerminalSession(program: ["/bin/bash", "--norc", "--noprofile"], environment: environment)
        try terminal.wait(for: "the bash prompt") { !$0.isEmpty }
        try terminal.send("cd \(home.path); source <(wx completions bash); PS1='b> '", "Enter")
        try terminal.wait(for: "the new prompt") { $0.hasSuffix("b>") }
        try terminal.send("wx compare \"Th", "Tab")
        try terminal.wait(for: "the name in double quotes") { $0.hasSuffix("b> wx compare \"The \\\"Best\\\" Bar\"") }
        try terminal.send("C-u", "wx show 'O", "Tab")
        try terminal.wait(for: "the name in single quotes") { $0.hasSuffix("b> wx show 'O'\\''Brien'") }
        try terminal.send("C-u", "wx import favorites exp", "Tab")
        try terminal.wait(for: "a file name") { $0.hasSuffix("b> wx import favorites export-2026.csv") }
    }

    @Test func fishAndZshRemoveTheQuotingOnce() throws {
        let home = try home(with: ["O'Brien", "Elbe Tunnel"])
        var environment = environment
        environment["WX_HOME"] = home.path
        try "x".write(toFile: home.path + "/export-9.csv", atomically: true, encoding: .utf8)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") {
            // Where wx offers nothing (a file name), fish's own file names.
            let fish = try runProgram(
                "/usr/bin/fish",
                [
                    "--no-config", "-c",
                    "cd \(home.path); wx completions fish | source; complete -C 'wx import favorites exp'; complete -C 'wx show O\\\\\\'B'; complete -C 'wx compare \"O\\'Brien\" '; complete -C 'wx export favorites --format '",
                ], environment: environment)
            #expect(fish.stdout == "export-9.csv\nO'Brien\nElbe Tunnel\ncsv\njson\n", "\(fish.stderr)")
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") {
            let terminal = try TerminalSession.zshWithCompletions(
                functions: "\(home.path)/f", home: home.path, environment: environment,
                setup: "mkdir -p \(home.path)/f; wx completions zsh > \(home.path)/f/_wx; ")
            try terminal.send("wx show O\\'B", "Tab")
            try terminal.wait(for: "zsh completion") { $0.hasSuffix("z> wx show O\\'Brien") }
        }
    }

    /// An answer of more than one piece (`WXApp.completionPiece`, 64 KiB) is every name, whole,
    /// in the favorites' order: names of several bytes a character lie across the pieces' seams.
    @Test func aLongAnswerIsEveryNameInOrder() throws {
        let names = (0..<6_000).map { $0 % 3 == 0 ? "Place Zürich 東京 \($0)" : "Place \($0)" }
        let home = TemporaryFolder()
        let rows = names.enumerated().map { index, name in
            "\(name),\(-80 + Double(index % 1_600) / 10),\(-170 + index / 1_600)"
        }
        let file = home.path + "/favs.csv"
        try (["name,latitude,longitude"] + rows).joined(separator: "\n").appending("\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try runWX(["import", "favorites", file], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
        let run = try runWX(["--complete", "--", "show", "Pla"], home: home)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.utf8.count > 64 << 10)
        #expect(run.stdout == names.joined(separator: "\n") + "\n")
        // From state.plist alone (no names file), the same.
        try FileManager.default.removeItem(atPath: home.path + "/state.plist.names")
        #expect(try runWX(["--complete", "--", "show", "Pla"], home: home).stdout == run.stdout)
    }

    /// `wx --complete` reads the names file wx keeps beside state.plist, and answers byte for
    /// byte as it does from state.plist alone (names file removed) and as it did before there was
    /// one; a names file left behind by a state.plist changed since is not read.
    @Test func theNamesFileAnswersAsStatePlistDoes() throws {
        let names = [
            "O'Brien", "O’Neill’s", "Zürich", "zug", "ZUG Nord", "Elbe Tunnel", "Elbe C", "-5 Degrees",
            "The \"Best\" Bar",
        ]
        let home = try home(with: names)
        let namesFile = home.path + "/state.plist.names"
        #expect(FileManager.default.fileExists(atPath: namesFile))
        let lines = [
            ["show", "O"], ["show", "o'"], ["show", "z"], ["show", "Zü"], ["show", "Elbe", "C"], ["show", ""],
            ["favs", "x"],
        ]
        func answers() throws -> [String] {
            try lines.map { words in
                let run = try runWX(["--complete", "--"] + words, home: home)
                #expect(run.status == 0, "\(run.stderr)")
                return run.stdout
            }
        }
        let fromNames = try answers()
        #expect(fromNames[0] == "O'Brien\nO’Neill’s\n")
        #expect(fromNames[2] == "Zürich\nzug\nZUG Nord\n")
        #expect(fromNames[4] == "C\n")
        try FileManager.default.removeItem(atPath: namesFile)
        #expect(try answers() == fromNames)
        // A names file of the state.plist before the last change: not read.
        let renamed = try runWX(["fav", "rename", "zug", "Zugspitze"], home: home)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let current = try Data(contentsOf: URL(fileURLWithPath: namesFile))
        try FileManager.default.removeItem(atPath: namesFile)
        _ = try runWX(["favs"], home: home)
        #expect(try Data(contentsOf: URL(fileURLWithPath: namesFile)) == current)
        let plist = try Data(contentsOf: URL(fileURLWithPath: home.path + "/state.plist"))
        try Data(String(decoding: plist, as: UTF8.self).replacingOccurrences(of: "Zugspitze", with: "Zugersee").utf8)
            .write(to: URL(fileURLWithPath: home.path + "/state.plist"))
        let changed = try runWX(["--complete", "--", "show", "zug"], home: home).stdout
        #expect(changed == "Zugersee\nZUG Nord\n")
        try FileManager.default.removeItem(atPath: namesFile)
        #expect(try runWX(["--complete", "--", "show", "zug"], home: home).stdout == changed)
    }
}
