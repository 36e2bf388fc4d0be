import Glibc

/// Ctrl-C at the prompt is for wx alone. Started by a program that is not a job-control shell
/// (`make run`, `sh -c`), wx shares that program's process group, so the terminal's SIGINT
/// also reached make, which then ended with status 130 once wx quit. Like an interactive
/// shell, wx then takes a process group of its own as the terminal's foreground, and gives
/// the terminal back on the way out.
struct ForegroundGroup {
    let previous: pid_t

    /// Nil when wx leads its own group already (started by bash, zsh, fish) or cannot move.
    static func take() -> ForegroundGroup? {
        let previous = tcgetpgrp(0)
        guard previous == getpgrp(), getpgrp() != getpid(), setpgid(0, 0) == 0 else { return nil }
        // A process outside the foreground group that sets it is sent SIGTTOU: ignored here.
        let old = signal(SIGTTOU, SIG_IGN)
        defer { signal(SIGTTOU, old) }
        guard tcsetpgrp(0, getpid()) == 0 else {
            _ = setpgid(0, previous)
            return nil
        }
        return ForegroundGroup(previous: previous)
    }

    func giveBack() {
        let old = signal(SIGTTOU, SIG_IGN)
        _ = tcsetpgrp(0, previous)
        signal(SIGTTOU, old)
    }
}
