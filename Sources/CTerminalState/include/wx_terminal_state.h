#ifndef WX_TERMINAL_STATE_H
#define WX_TERMINAL_STATE_H
// The variables are declared where they are used, in Sources/CEditLine/shim.h; this target
// only defines them (state.c), so that the process has exactly one of each.

/// Notes `path`, a temporary file being written, for removal if SIGINT or SIGTERM ends wx.
/// Returns its slot for `wx_temporary_end`, or -1 when none is free (then it is not removed).
int wx_temporary_begin(const char *path);
/// The temporary of `slot` is renamed or removed: no longer removed at a signal.
void wx_temporary_end(int slot);
/// Removes the temporaries noted (async-signal-safe: the handlers call it).
void wx_remove_temporaries(void);
/// The signal's default action, from its handler: reset, unblocked and raised again (the parent
/// sees wx killed by it). Shared by the handlers here and the terminal's (CEditLine/terminal.h).
void wx_die_of(int signal_number);
/// SIGINT and SIGTERM, unless ignored: the temporaries removed, then the default action. The
/// interactive shell's own handlers, installed later, replace these (and remove them too).
void wx_install_temporary_cleanup(void);
/// While `holding` is 1, a SIGINT reaching the handler `wx_install_temporary_cleanup` installed
/// is noted instead of ending wx (a change waiting for a lock says it was not saved first).
void wx_hold_interrupts(int holding);
/// 1 once a SIGINT was noted while held (it stays noted: wx ends of it when its run is over).
int wx_held_interrupt(void);
/// SIGHUP or SIGTERM that ended the prompt as Ctrl-D does (its lines written first), 0 when
/// none came: wx then dies of it, so that the parent sees the signal (CEditLine/terminal.h).
int wx_ending_signal(void);
#endif
