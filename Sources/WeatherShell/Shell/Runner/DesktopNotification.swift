import FoundationEssentials
import WXBasics
import WeatherKit

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program without a shell (`notify-send` for `watch --notify`); a seam, so that tests
/// pass a fake that fails on any call nobody planned.
package protocol NotifierProgram: AnyObject {
    /// Starts the executable at `path` with `arguments` (argv after the program's name), without
    /// waiting for it: a notifier that hangs must not hold `watch` (it is reaped later, and ended
    /// after a time limit).
    ///
    /// - Returns: false when it could not be started.
    func run(_ path: String, arguments: [String]) -> Bool
}

/// How `watch --notify` raises a desktop notification, besides the bell: a terminal escape
/// when standard output is a terminal — OSC 777 (`ESC ] 777 ; notify ; title ; body BEL`) for
/// terminals that use it (`TERM` starting with `rxvt` or `foot`, or `VTE_VERSION` set: GNOME
/// Terminal, Tilix), else OSC 9 (`ESC ] 9 ; body BEL`: iTerm2, WezTerm, Windows Terminal, kitty,
/// ghostty) — and `notify-send` when it is on `PATH`.
package struct DesktopNotification {
    /// The terminal escapes wx can raise a notification with.
    package enum Escape: Hashable, Sendable {
        case osc9, osc777
    }

    /// The escape to write to the terminal; nil when standard output is not one (or `TERM=dumb`).
    package var escape: Escape?
    /// The path of `notify-send`, once looked for; nil when it is not installed.
    package var notifySend: String? {
        mutating get {
            if let find = findNotifySend {
                foundNotifySend = find()
                findNotifySend = nil
            }
            return foundNotifySend
        }
        set {
            foundNotifySend = newValue
            findNotifySend = nil
        }
    }
    private var foundNotifySend: String?
    /// Looks for `notify-send` at the first notification rather than at every start: the
    /// search of `PATH` cost 0.17 M instructions of each `wx` run, which raises none (issue 39).
    private var findNotifySend: (() -> String?)?
    /// Runs `notify-send` (a process in the product).
    package var program: (any NotifierProgram)?

    package init(escape: Escape?, notifySend: String?, program: (any NotifierProgram)?) {
        self.escape = escape
        self.foundNotifySend = notifySend
        self.program = program
    }

    /// `notify-send` looked for on `searchPath` (`PATH`) at the first notification (`find`).
    package init(escape: Escape?, searchPath: @escaping () -> String?, program: (any NotifierProgram)?) {
        self.escape = escape
        self.findNotifySend = { DesktopNotification.find("notify-send", searchPath: searchPath()) }
        self.program = program
    }

    /// The escape by the rule in `help watch`: none unless standard output is a terminal
    /// other than `dumb`; OSC 777 for rxvt, foot and VTE terminals; OSC 9 for the others.
    package static func escape(outputIsTerminal: Bool, variable: (String) -> String?) -> Escape? {
        let term = variable("TERM") ?? ""
        guard outputIsTerminal, term != "dumb" else { return nil }
        if term.hasPrefix("rxvt") || term.hasPrefix("foot") || !(variable("VTE_VERSION") ?? "").isEmpty {
            return .osc777
        }
        return .osc9
    }

    /// The escape sequence for `title` and `body`, control characters and (in OSC 777's fields)
    /// semicolons taken out, so that text from a service cannot end it early.
    package static func sequence(_ escape: Escape, title: String, body: String) -> String {
        func clean(_ text: String) -> String {
            String(TerminalText.sanitized(text).unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
        }
        switch escape {
        case .osc9: return "\u{1B}]9;\(clean(title)): \(clean(body))\u{07}"
        case .osc777:
            return
                "\u{1B}]777;notify;\(clean(title).replacing(";", with: ","));\(clean(body).replacing(";", with: ","))\u{07}"
        }
    }

    /// The path of the executable `name` in a folder of `searchPath` (`PATH`); nil when none.
    package static func find(_ name: String, searchPath: String?) -> String? {
        for folder in (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let path = String(folder) + "/" + name
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 { return path }
        }
        return nil
    }
}

extension ShellRunner {
    /// Raises the desktop notification `watch --notify` gives: the terminal's escape (text
    /// output to a terminal) and `notify-send` when installed. Nothing else is said when either
    /// fails: the line and the bell are there.
    func raiseNotification(title: String, body: String) {
        guard var notification = desktopNotification else { return }
        if let escape = notification.escape, format == .text, redirection.file == nil {
            output.write(DesktopNotification.sequence(escape, title: title, body: body))
        }
        let notifySend = notification.notifySend
        desktopNotification = notification
        if let path = notifySend, let program = notification.program {
            _ = program.run(path, arguments: ["--app-name=wx", "--", title, body])
        }
    }
}
