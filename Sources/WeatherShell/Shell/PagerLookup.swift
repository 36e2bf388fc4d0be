import WXBasics

#if canImport(Glibc)
import Glibc
#endif

/// `PAGER=nonexistent`: the shell that runs the pager said “sh: 1: nonexistent: not found”
/// above wx's own one-line warning. The program is looked up first, as the shell would, and
/// when it is not there the shell is never started: only wx's line shows.
extension PagingOutput {
    /// Whether the program `command` (a shell command line) starts with can be found: its first
    /// word a path to an executable file, or the name of one in a folder of `searchPath` (`PATH`,
    /// colon-separated). A first word that is more than a plain name — a variable assignment,
    /// quotes, `$` — is left to the shell: true.
    package static func programExists(_ command: String, searchPath: String?) -> Bool {
        guard let word = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) else {
            return false
        }
        let plain = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._+-/".contains($0)) }
        guard plain else { return true }
        if word.contains("/") { return isExecutableFile(word) }
        let folders = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(
            separator: ":", omittingEmptySubsequences: false)
        return folders.contains { folder in isExecutableFile((folder.isEmpty ? "." : String(folder)) + "/" + word) }
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
