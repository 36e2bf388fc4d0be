import CEditLine
import Glibc
import WXBasics
import WeatherShell

/// libedit behind the shell's `LineReader`: editing, history (Up, Ctrl-R) and Tab completion.
///
/// Keys are read by wx's own reader (EL_GETCFN, `wx_read_character` in the shim), which redraws
/// after Ctrl-Z/fg and resizes and ends a Ctrl-R search at an arrow. On top of libedit's emacs
/// bindings: the sequences of common terminals (`defaultBindings`), bracketed paste, Ctrl-_
/// (undo), Alt-. and Alt-T; then the user's ~/.editrc.
@MainActor
final class LineEditor: LineReader {
    /// libedit's entry points, loaded at the first interactive start (see CEditLine/shim.h).
    nonisolated(unsafe) private static let api: UnsafeMutablePointer<wx_editline_api>? = {
        // nonisolated(unsafe): written once by this initialiser, only read afterwards.
        let api = UnsafeMutablePointer<wx_editline_api>.allocate(capacity: 1)
        api.initialize(to: wx_editline_api())
        if wx_editline_load(api) == 0 { return api }
        loadErrorText = String(cString: wx_editline_load_error())
        return nil
    }()
    nonisolated(unsafe) private static var loadErrorText = ""
    static var loadError: String {
        "libedit could not be loaded (\(loadErrorText)); install libedit2, or pipe commands into wx"
    }

    let api: UnsafeMutablePointer<wx_editline_api>
    let editLine: OpaquePointer
    private let history: OpaquePointer
    /// What Tab offers (set by the shell).
    private var complete: (@MainActor (String) -> Completion)?
    /// The prompt libedit shows, as C text, and the string it was made from.
    /// nonisolated(unsafe): written by readLine before el_gets, read by promptCallback from
    /// inside that el_gets, on the same thread.
    nonisolated(unsafe) private(set) var promptText: UnsafeMutablePointer<CChar> = strdup("")
    private var prompt = ""
    /// Every line given to addHistory, oldest first (Alt-. takes the last word of the last one).
    private var historyLines: [String] = []
    /// The line as it was before each change since the prompt was shown (Ctrl-_ goes back).
    private var undoStates: [(text: String, cursor: Int)] = []
    /// The last keys read (code points: an arrow is several), for Tab and PgUp pressed twice.
    private var recentKeys: [Unicode.Scalar] = []
    /// The search the last PgUp/PgDn made; nil when it stepped as Up/Down (nothing was typed).
    private var historySearch: HistorySearch?
    /// Drops what is typed past `LineSafety.maximumLength` (see TypedLineLimit).
    private var limit = TypedLineLimit()
    /// Whether the terminal understands bracketed paste (not TERM=dumb).
    private let bracketedPaste: Bool
    /// The line Ctrl-X Ctrl-E ended the read with, to open in the editor (`LineReadResult.edit`).
    private var lineToEdit: String?
    /// The text the next prompt's line starts with (`keepForNextLine`), until `insertKeptLine`
    /// puts it there.
    private var keptLine: String?

    /// The character a combining mark typed just now composes with the one before the cursor
    /// into (`Composition`), for `wx-compose` to put in their place.
    private var pendingComposition: Unicode.Scalar?

    /// The descriptor the prompt, the line and what wx draws beside them go to (a terminal).
    private let screen: Int32

    /// Nil when libedit cannot be loaded.
    ///
    /// - Parameter screen: the terminal to draw on: standard output, or standard error or
    ///   /dev/tty when standard output is a file or a pipe (`PromptStream`).
    init?(program: String, bracketedPaste: Bool, screen: Int32) {
        TerminalSignals.screen = screen
        guard let api = Self.api, let editLine = wx_el_init(api, program, screen),
            let history = api.pointee.history_init()
        else {
            return nil
        }
        self.screen = screen
        self.api = api
        self.editLine = editLine
        self.history = history
        self.bracketedPaste = bracketedPaste
        TerminalSignals.install(api: api)
        wx_history_set_size(api, history, 1000)
        wx_history_set_unique(api, history, 1)
        wx_el_set_history(api, editLine, history)
        wx_el_set_editor(api, editLine, "emacs")
        wx_el_set_clientdata(api, editLine, Unmanaged.passUnretained(self).toOpaque())
        wx_el_set_prompt(api, editLine, promptCallback)
        wx_el_add_function(api, editLine, "wx-complete", "complete a command or favorite", completeCallback)
        wx_el_bind(api, editLine, "^I", "wx-complete")
        wx_el_add_function(
            api, editLine, "wx-delete-or-eof", "delete the next character, or end on an empty line", deleteOrEndCallback
        )
        wx_el_bind(api, editLine, "^D", "wx-delete-or-eof")
        wx_el_set_read_function(api, editLine, readCallback)
        wx_el_add_function(api, editLine, "wx-paste", "insert a bracketed paste, held until Enter", pasteCallback)
        wx_el_add_function(api, editLine, "wx-search-back", "previous history line starting so", searchBackCallback)
        wx_el_add_function(api, editLine, "wx-search-forward", "next history line starting so", searchForwardCallback)
        wx_el_add_function(api, editLine, "wx-undo", "undo the last change to the line", undoCallback)
        wx_el_add_function(api, editLine, "wx-edit-line", "the line in $EDITOR, run as \\e runs it", editCallback)
        wx_el_add_function(
            api, editLine, "wx-kept-line", "the line the editor could not open, back to go on with",
            keptLineCallback)
        wx_el_add_function(
            api, editLine, "wx-last-argument", "insert the last word of the previous command", lastArgumentCallback)
        wx_el_add_function(
            api, editLine, "wx-transpose-words", "swap the word before the cursor with the one before it",
            transposeWordsCallback)
        // A character as the user sees it (an accent typed apart, as pasted from macOS; an emoji
        // joined from several) moves and deletes as one: libedit steps by code point.
        wx_el_add_function(api, editLine, "wx-backward-char", "move back one character", backwardCharacterCallback)
        wx_el_add_function(api, editLine, "wx-forward-char", "move forward one character", forwardCharacterCallback)
        wx_el_add_function(
            api, editLine, "wx-delete-prev-char", "delete the character before the cursor", deletePreviousCallback)
        wx_el_add_function(
            api, editLine, "wx-delete-next-char", "delete the character under the cursor", deleteNextCallback)
        wx_el_add_function(
            api, editLine, "wx-compose", "the character before the cursor and a combining mark as one", composeCallback
        )
        addReadlineKeys()
        for (key, function) in Self.defaultBindings { wx_el_bind(api, editLine, key, function) }
        // The user's ~/.editrc (or $EDITRC), read after wx's defaults so that it can change them,
        // as other libedit programs (sqlite3, psql built with libedit) do — if it is a regular
        // file of a sane size: libedit reads whatever is there, and /dev/zero made it grow to
        // 4 GB before any prompt, a FIFO blocked it.
        if let path = Self.editrcPath() {
            if let reason = Self.unusableEditrc(at: path) {
                let text = CommandResult.warningLead + "\(TerminalText.sanitized(path)) not read: \(reason)"
                // Fitted as error lines are (a long path at a narrow terminal), whole to a file.
                let width = isatty(STDERR_FILENO) == 1 ? TerminalDevice.width(of: STDERR_FILENO) : .max
                let line = TextLayout.wrap(line: text, width: width).joined(separator: "\n") + "\n"
                _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            } else {
                _ = api.pointee.el_source(editLine, path)
            }
        }
    }

    /// The most of ~/.editrc libedit is given to read, in bytes (a line editor's settings are a
    /// few hundred).
    static let maximumEditrcSize = 1 << 20

    /// The file libedit's `el_source(el, NULL)` would read (as `Configuration.lineEditorFile`
    /// names it for `export`, which refuses to write there): `$EDITRC` when set, else
    /// `$HOME/.editrc`; nil when neither can be named.
    static func editrcPath() -> String? {
        if let path = getenv("EDITRC").map({ String(cString: $0) }), !path.isEmpty { return path }
        guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else { return nil }
        return home + "/.editrc"
    }

    /// Why the file at `path` is not handed to libedit (not a regular file, larger than
    /// `maximumEditrcSize`); nil when it may be, or nothing is there. Never opens it.
    static func unusableEditrc(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if let reason = FileIO.notRegular(at: path) { return reason }
        if Int(info.st_size) > maximumEditrcSize { return "it is larger than 1 MB" }
        return nil
    }

    /// Keys bound beyond libedit's emacs defaults: what xterm, VT220 and rxvt send for Ctrl- and
    /// Alt-arrows, Home, End and Delete (which libedit would otherwise insert as "~" or ";5D"),
    /// bracketed paste, and readline's Ctrl-_, Alt-. and Alt-T.
    static let defaultBindings: [(key: String, function: String)] = [
        ("\\e[1;5D", "wx-backward-word"), ("\\e[1;5C", "wx-forward-word"),  // Ctrl-← / Ctrl-→ (xterm)
        ("\\eOd", "wx-backward-word"), ("\\eOc", "wx-forward-word"),  // Ctrl-← / Ctrl-→ (rxvt)
        ("\\e[5D", "wx-backward-word"), ("\\e[5C", "wx-forward-word"),  // Ctrl-← / Ctrl-→ (old xterm)
        ("\\e[1;3D", "wx-backward-word"), ("\\e[1;3C", "wx-forward-word"),  // Alt-← / Alt-→ (xterm)
        ("\\e\\e[D", "wx-backward-word"), ("\\e\\e[C", "wx-forward-word"),  // Alt-← / Alt-→ (rxvt)
        ("\\e[1~", "ed-move-to-beg"), ("\\e[7~", "ed-move-to-beg"), ("\\e[H", "ed-move-to-beg"),
        ("\\eOH", "ed-move-to-beg"),  // Home
        ("\\e[4~", "ed-move-to-end"), ("\\e[8~", "ed-move-to-end"), ("\\e[F", "ed-move-to-end"),
        ("\\eOF", "ed-move-to-end"),  // End
        ("\\e[3~", "wx-delete-next-char"),  // Delete
        ("^B", "wx-backward-char"), ("\\e[D", "wx-backward-char"), ("\\eOD", "wx-backward-char"),  // ←
        ("^F", "wx-forward-char"), ("\\e[C", "wx-forward-char"), ("\\eOC", "wx-forward-char"),  // →
        ("^H", "wx-delete-prev-char"), ("^?", "wx-delete-prev-char"),  // Backspace
        ("\\e[200~", "wx-paste"),  // the start of a bracketed paste
        ("^_", "wx-undo"), ("\\e.", "wx-last-argument"), ("\\et", "wx-transpose-words"),
        // Ctrl-Space (Ctrl-@) sets the mark, as in readline (Ctrl-X Ctrl-X goes to it): libedit
        // binds it to quoted insert, from the terminal's disabled characters, which are NULs,
        // so the key after it went into the line as it is (trial 15: `wx> abc^U`).
        ("^@", "em-set-mark"),
        // As readline's unix-line-discard (bash, sqlite3, psql): back to the start only, not
        // libedit's emacs default of the whole line.
        ("^U", "vi-kill-line-prev"), ("^W", "ed-delete-prev-word"),
        // PgUp/PgDn: the previous/next history line starting with what is typed before the
        // cursor, as Debian's /etc/inputrc makes them in bash, sqlite3 and psql; with nothing
        // typed, the previous/next line (searchHistory). The last two are what it pushes for
        // that: no terminal sends them.
        ("\\e[5~", "wx-search-back"), ("\\e[6~", "wx-search-forward"),
        ("\\e[wxk", "ed-prev-history"), ("\\e[wxj", "ed-next-history"),
        // Ctrl-X Ctrl-E: the line in $EDITOR, run when the editor ends (bash's
        // edit-and-execute-command), each line shown first as `\e` shows it: libedit's
        // vi-histedit ran the lines unseen under the line typed (trial 12).
        ("^X^E", "wx-edit-line"),
        // What readLine pushes to put back a line the editor could not open (keepForNextLine);
        // no terminal sends it.
        ("\\e[wxl", "wx-kept-line"),
        // What readCharacter sends for a combining mark that composes with the character
        // before the cursor (Composition); no terminal sends it.
        ("\\e[wxc", "wx-compose"),
    ]

    isolated deinit {
        api.pointee.el_end(editLine)
        api.pointee.history_end(history)
        free(promptText)
    }

    /// Reads a line at libedit's prompt. Ctrl-C shows `^C` after the line and gives
    /// `.interrupted`, however libedit reported it: EINTR while editing, or "end of input" when
    /// it ended a Ctrl-R search.
    func readLine(prompt: String) async -> LineReadResult {
        if prompt != self.prompt {
            free(promptText)
            promptText = strdup(prompt)
            self.prompt = prompt
        }
        var count: Int32 = 0
        var error: Int32 = 0
        undoStates = []
        limit.reset()
        recentKeys = []
        lineToEdit = nil
        // el_gets empties the line before it reads: the kept text goes in as its first "key",
        // ahead of anything typed while the editor ran.
        if keptLine != nil { api.pointee.el_push(editLine, "\u{1B}[wxl") }
        TerminalSignals.prepareRead(promptColumns: TextLayout.columns(prompt))
        if bracketedPaste { TerminalSignals.setBracketedPaste(true) }
        let (bytes, interrupted) = SignalInterrupts.whileReading {
            let bytes = api.pointee.el_gets(editLine, &count)
            error = wx_errno()
            return bytes
        }
        TerminalSignals.setBracketedPaste(false)
        guard let bytes, count >= 0 else {
            if interrupted || (count == -1 && error == EINTR) {
                // While editing, the rest of the line is written before "^C"; after a Ctrl-R
                // search, its row ("bck:un") is written again with "^C" after it.
                let echo =
                    count == -1 && error == EINTR
                    ? Self.interruptEcho(currentLine())
                    : Self.searchInterruptEcho(currentLine()?.text, width: TerminalDevice.width(of: screen))
                StandardStreams.put(echo, fd: screen)
                return .interrupted
            }
            return .endOfInput
        }
        if limit.overflowed { return .tooLong }
        if let lineToEdit { return .edit(lineToEdit) }
        var line = String(cString: bytes)
        if line.hasSuffix("\n") { line.removeLast() }
        return .line(line)
    }

    func addHistory(_ line: String) {
        wx_history_enter(api, history, line)
        historyLines.append(line)
    }

    func setCompletion(_ complete: @escaping @MainActor (String) -> Completion) { self.complete = complete }

    /// Keys typed while the command runs wait for the next prompt, which takes them as typed there.
    func commandWillRun() { Typeahead.hold(api: api, editLine: editLine) }

    func commandDidEnd() { Typeahead.release() }

    func keepForNextLine(_ text: String) { keptLine = text }

    /// The next key for libedit; characters past the longest line are dropped with one bell.
    func readCharacter(_ editLine: OpaquePointer, _ character: UnsafeMutablePointer<wchar_t>?) -> Int32 {
        while true {
            let got = TerminalSignals.readCharacter(editLine, character)
            guard got == 1, let character, let key = Unicode.Scalar(UInt32(bitPattern: character.pointee)) else {
                return got
            }
            let scalars = api.pointee.el_wline(editLine).map { $0.pointee.lastchar - $0.pointee.buffer } ?? 0
            let wasOverflowed = limit.overflowed
            let drops = limit.drops(
                key, scalars: scalars, characters: { currentLine()?.text.count ?? 0 },
                searching: { TerminalSignals.inSearch(editLine) })
            guard drops || lone(key) else {
                recentKeys.append(key)
                if recentKeys.count > 8 { recentKeys.removeFirst() }
                // A combining mark (an accent typed apart, as macOS pastes “São” in NFD) that
                // composes with the character before the cursor: the two become one (“ã”), by
                // way of wx-compose, so that what libedit draws is what the line holds.
                if let line = currentLine(), !TerminalSignals.inSearch(editLine),
                    let composed = Composition.composed(key, after: line.text, cursor: line.cursor)
                {
                    pendingComposition = composed
                    api.pointee.el_push(editLine, "[wxc")
                    character.pointee = wchar_t(0x1B)
                }
                return got
            }
            if !wasOverflowed || !drops { StandardStreams.put("\u{7}", fd: screen) }
        }
    }

    /// Tab: insert the single completion or the common prefix, or list the options.
    func completeAtCursor() -> UInt8 {
        guard let complete, let info = api.pointee.el_line(editLine)?.pointee, let start = info.buffer else {
            return UInt8(CC_ERROR)
        }
        let length = info.cursor - start
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
        let completion = complete(before)
        let typed = String(before.suffix(completion.replacing))
        if let insertion = completion.insertion(typed: typed) {
            api.pointee.el_deletestr(editLine, Int32(typed.unicodeScalars.count))
            _ = api.pointee.el_insertstr(editLine, insertion)
            return UInt8(CC_REFRESH)
        }
        // As readline: a Tab that adds nothing rings; a second one in a row lists.
        guard completion.options.count > 1, recentKeys.dropLast().last == "\t" else { return UInt8(CC_REFRESH_BEEP) }
        // Listed as people read them: names unescaped, snapshot numbers with place and date.
        let shown = Self.restToRedraw(currentLine())
        StandardStreams.put(
            Self.listing(
                completion.shown, width: TerminalDevice.width(of: screen),
                cursorColumns: TextLayout.columns(prompt) + TextLayout.columns(before), rest: shown,
                rows: TerminalDevice.rows(of: screen) - 2),
            fd: screen)
        return UInt8(CC_REDISPLAY)
    }

    /// PgUp/PgDn: the previous/next history line starting with the text before the cursor
    /// and the cursor after that text (HistorySearch); again, the same text; after another key,
    /// from the newest line again. With no text before the cursor, or after a PgUp/PgDn that had
    /// none, simply the previous/next line, as Up and Down.
    func searchHistory(backward: Bool) -> UInt8 {
        guard let line = currentLine() else { return UInt8(CC_ERROR) }
        let paging: Set<[Unicode.Scalar]> = [Array("\u{1B}[5~".unicodeScalars), Array("\u{1B}[6~".unicodeScalars)]
        let again = paging.contains(Array(recentKeys.dropLast(4).suffix(4)))
        if !again || (historySearch.map { $0.shown(in: historyLines) != line.text } ?? false) {
            historySearch =
                line.cursor == 0 ? nil : HistorySearch(typed: line.text, cursor: line.cursor, count: historyLines.count)
        }
        guard var search = historySearch else {
            api.pointee.el_push(editLine, "\u{1B}[wx" + (backward ? "k" : "j"))
            return UInt8(CC_NORM)
        }
        guard let found = search.step(backward: backward, in: historyLines) else { return UInt8(CC_ERROR) }
        historySearch = search
        replaceLine(found, cursor: search.prefix.count)
        return UInt8(CC_REFRESH)
    }

    /// Ctrl-D: end of input on an empty line, else delete the character under the cursor.
    /// libedit's own binding echoes a visible "^D" before ending, which no other shell leaves
    /// on the screen.
    func deleteOrEnd() -> UInt8 {
        guard let info = api.pointee.el_line(editLine)?.pointee, let start = info.buffer else { return UInt8(CC_ERROR) }
        if info.lastchar == start { return UInt8(CC_EOF) }
        guard info.cursor < info.lastchar else { return UInt8(CC_ERROR) }
        return deleteNextCharacter()
    }

    /// The code points of the character (grapheme cluster) before and after the cursor: what
    /// one key moves over or deletes, 0 at either end of the line.
    private func characterScalars() -> (before: Int, after: Int)? {
        guard let info = api.pointee.el_line(editLine)?.pointee, let start = info.buffer else { return nil }
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: info.cursor - start), as: UTF8.self)
        let after = String(
            decoding: UnsafeRawBufferPointer(start: info.cursor, count: info.lastchar - info.cursor), as: UTF8.self)
        return (before.last.map { $0.unicodeScalars.count } ?? 0, after.first.map { $0.unicodeScalars.count } ?? 0)
    }

    func moveByCharacter(forward: Bool) -> UInt8 {
        guard let scalars = characterScalars() else { return UInt8(CC_ERROR) }
        let count = forward ? scalars.after : scalars.before
        guard count > 0 else { return UInt8(CC_ERROR) }
        _ = api.pointee.el_cursor(editLine, Int32(forward ? count : -count))
        return UInt8(CC_CURSOR)
    }

    func deletePreviousCharacter() -> UInt8 {
        guard let scalars = characterScalars(), scalars.before > 0 else { return UInt8(CC_ERROR) }
        api.pointee.el_deletestr(editLine, Int32(scalars.before))
        return UInt8(CC_REFRESH)
    }

    func deleteNextCharacter() -> UInt8 {
        guard let scalars = characterScalars(), scalars.after > 0 else { return UInt8(CC_ERROR) }
        _ = api.pointee.el_cursor(editLine, Int32(scalars.after))
        api.pointee.el_deletestr(editLine, Int32(scalars.after))
        return UInt8(CC_REFRESH)
    }

    /// The line being edited and the cursor's offset in it (Unicode scalars).
    func currentLine() -> (text: String, cursor: Int)? {
        guard let info = api.pointee.el_line(editLine)?.pointee, let start = info.buffer else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(start: start, count: info.lastchar - start), as: UTF8.self)
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: info.cursor - start), as: UTF8.self)
        return (text, before.unicodeScalars.count)
    }

    /// Replaces the line being edited with `text`, the cursor `cursor` scalars in.
    private func replaceLine(_ text: String, cursor: Int) {
        guard let line = currentLine() else { return }
        _ = api.pointee.el_cursor(editLine, Int32(line.text.unicodeScalars.count - line.cursor))
        if !line.text.isEmpty { api.pointee.el_deletestr(editLine, Int32(line.text.unicodeScalars.count)) }
        if !text.isEmpty { _ = api.pointee.el_insertstr(editLine, text) }
        _ = api.pointee.el_cursor(editLine, Int32(cursor - text.unicodeScalars.count))
    }

    /// Before each key: the line as it is, if it changed since the last key (for Ctrl-_).
    func noteLineBeforeKey() {
        guard let line = currentLine(), line.text.unicodeScalars.first != "\n" else { return }
        if let last = undoStates.last, last.text == line.text { return }
        undoStates.append(line)
        if undoStates.count > 200 { undoStates.removeFirst() }
    }

    /// Ctrl-_: the line as it was before the last change.
    func undo() -> UInt8 {
        guard let line = currentLine() else { return UInt8(CC_ERROR) }
        if let last = undoStates.last, last.text == line.text { undoStates.removeLast() }
        guard let previous = undoStates.last else { return UInt8(CC_ERROR) }
        replaceLine(previous.text, cursor: previous.cursor)
        return UInt8(CC_REFRESH)
    }

    /// Alt-.: the last word of the previous command, inserted at the cursor (as in bash).
    func insertLastArgument() -> UInt8 {
        guard let last = historyLines.last?.split(whereSeparator: { $0.isWhitespace }).last else {
            return UInt8(CC_ERROR)
        }
        _ = api.pointee.el_insertstr(editLine, String(last))
        return UInt8(CC_REFRESH)
    }

    /// Alt-T: the word before (or under) the cursor swapped with the word before it; the cursor
    /// goes to the end of the pair, as in bash.
    func transposeWords() -> UInt8 {
        guard let line = currentLine(), let swapped = Self.transposingWords(line.text, cursor: line.cursor) else {
            return UInt8(CC_ERROR)
        }
        replaceLine(swapped.text, cursor: swapped.cursor)
        return UInt8(CC_REFRESH)
    }

    /// The start of a bracketed paste: the rest of it, up to ESC [201~, goes into the line as
    /// it is, line ends included; nothing runs until Enter (then each line runs in order).
    func insertPaste() -> UInt8 {
        var bytes: [UInt8] = []
        let end: [UInt8] = Array("\u{1B}[201~".utf8)
        var byte: UInt8 = 0
        while true {
            var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            // An end marker lost: keep what came.
            guard poll(&ready, 1, 2_000) > 0, read(0, &byte, 1) == 1 else { break }
            bytes.append(byte)
            if bytes.count >= end.count && Array(bytes.suffix(end.count)) == end {
                bytes.removeLast(end.count)
                break
            }
        }
        let text = Self.pastedText(String(decoding: bytes, as: UTF8.self))
        guard !text.isEmpty else { return UInt8(CC_NORM) }
        _ = api.pointee.el_insertstr(editLine, text)
        return UInt8(CC_REFRESH)
    }

    /// wx-compose: the character before the cursor replaced by the one `readCharacter` composed
    /// it into with a combining mark.
    func insertComposition() -> UInt8 {
        guard let composed = pendingComposition else { return UInt8(CC_ERROR) }
        pendingComposition = nil
        api.pointee.el_deletestr(editLine, 1)
        _ = api.pointee.el_insertstr(editLine, String(composed))
        return UInt8(CC_REFRESH)
    }

    /// The editor whose callback is running (from EL_CLIENTDATA).
    /// Ctrl-X Ctrl-E: ends the read with the line as typed, which `readLine` gives as `.edit`.
    func endForEditing() -> UInt8 {
        let line = currentLine()
        lineToEdit = line?.text ?? ""
        // libedit ends the line without moving on from it for a function's CC_NEWLINE.
        StandardStreams.put(Self.interruptEcho(line, mark: ""), fd: screen)
        return UInt8(CC_NEWLINE)
    }

    /// The line `keepForNextLine` kept, in the line being edited at the cursor (the prompt has
    /// just emptied it): what readLine pushed "\e[wxl" for.
    func insertKeptLine() -> UInt8 {
        guard let text = keptLine else { return UInt8(CC_NORM) }
        keptLine = nil
        guard !text.isEmpty else { return UInt8(CC_NORM) }
        _ = api.pointee.el_insertstr(editLine, text)
        return UInt8(CC_REFRESH)
    }

    nonisolated static func from(_ editLine: OpaquePointer) -> LineEditor? {
        guard let api, let data = wx_el_get_clientdata(api, editLine) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }
}
