import CEditLine
import Glibc
import WXBasics
import WeatherShell

// The C entry points libedit calls: the prompt, the key reader and each wx-* function bound in
// `LineEditor.init`, each finding its editor from the EditLine's client data.
// libedit calls these from inside el_gets, which runs on the main actor (LineEditor.readLine).
let promptCallback: wx_el_prompt_function = { editLine in
    guard let editLine, let editor = LineEditor.from(editLine) else { return noPrompt }
    return editor.promptText
}
/// libedit reads the prompt without a NULL check. nonisolated(unsafe): never written.
nonisolated(unsafe) private let noPrompt: UnsafeMutablePointer<CChar> = strdup("")

let readCallback: wx_el_read_function = { editLine, character in
    guard let editLine, let editor = LineEditor.from(editLine) else {
        return TerminalSignals.readCharacter(editLine, character)
    }
    // nonisolated(unsafe): libedit's pointers, used on this thread only (inside el_gets).
    nonisolated(unsafe) let (line, key) = (editLine, character)
    return MainActor.assumeIsolated {
        editor.noteLineBeforeKey()
        return editor.readCharacter(line, key)
    }
}

/// What a key bound to a wx function does: `body` on the editor of `editLine`, on the main
/// actor (inside el_gets); `failing` when there is no editor.
func onEditor(
    _ editLine: OpaquePointer?, failing: Int32 = CC_ERROR, _ body: @MainActor (LineEditor) -> UInt8
) -> UInt8 {
    guard let editLine, let editor = LineEditor.from(editLine) else { return UInt8(failing) }
    return MainActor.assumeIsolated { body(editor) }
}

let completeCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.completeAtCursor() } }
let backwardCharacterCallback: wx_el_function = { editLine, _ in
    onEditor(editLine) { $0.moveByCharacter(forward: false) }
}
let forwardCharacterCallback: wx_el_function = { editLine, _ in
    onEditor(editLine) { $0.moveByCharacter(forward: true) }
}
let deletePreviousCallback: wx_el_function = { editLine, _ in
    onEditor(editLine) { $0.deletePreviousCharacter() }
}
let deleteNextCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.deleteNextCharacter() } }
let composeCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.insertComposition() } }
let pasteCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.insertPaste() } }
let searchBackCallback: wx_el_function = { editLine, _ in
    onEditor(editLine) { $0.searchHistory(backward: true) }
}
let searchForwardCallback: wx_el_function = { editLine, _ in
    onEditor(editLine) { $0.searchHistory(backward: false) }
}
let editCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.endForEditing() } }
let keptLineCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.insertKeptLine() } }
let undoCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.undo() } }
let lastArgumentCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.insertLastArgument() } }
let transposeWordsCallback: wx_el_function = { editLine, _ in onEditor(editLine) { $0.transposeWords() } }
let deleteOrEndCallback: wx_el_function = { editLine, _ in
    onEditor(editLine, failing: CC_EOF) { $0.deleteOrEnd() }
}
