// The slice of libedit (BSD editline) that wx uses, made callable from Swift.
//
// libedit is not linked: only the interactive shell needs it, and loading it with its
// dependencies (libtinfo, libbsd, libmd) costs every start of wx — scripts and `wx -c` too —
// almost a millisecond. wx_editline_load() dlopens it when the shell starts; the headers come
// from libedit-dev, the library from libedit2.
//
// SwiftPM does not rebuild the Swift files that import this module when only this header
// changes: after editing it, `touch Sources/wx/Terminal/*.swift` before building.
//
// el_set, el_get and history are C variadic functions, which Swift cannot call; each use wx
// makes of them gets a typed `static inline` wrapper below that calls through the table.
#ifndef WX_CEDITLINE_SHIM_H
#define WX_CEDITLINE_SHIM_H

#include <histedit.h>
#include <stdio.h>
#include <locale.h>
#include <signal.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>
#include <dlfcn.h>
#include <poll.h>
#include <fcntl.h>
#include <limits.h>
#include <termios.h>
#include <wchar.h>
#include <stdlib.h>
#include <sys/ioctl.h>

/// libedit's entry points as loaded by wx_editline_load.
typedef struct wx_editline_api {
    EditLine *(*el_init)(const char *program, FILE *in, FILE *out, FILE *err);
    void (*el_end)(EditLine *el);
    const char *(*el_gets)(EditLine *el, int *count);
    int (*el_set)(EditLine *el, int operation, ...);
    int (*el_get)(EditLine *el, int operation, ...);
    int (*el_source)(EditLine *el, const char *file);
    const LineInfo *(*el_line)(EditLine *el);
    const LineInfoW *(*el_wline)(EditLine *el);
    int (*el_insertstr)(EditLine *el, const char *text);
    void (*el_deletestr)(EditLine *el, int count);
    int (*el_cursor)(EditLine *el, int count);
    void (*el_push)(EditLine *el, const char *text);
    void (*el_resize)(EditLine *el);
    History *(*history_init)(void);
    void (*history_end)(History *history);
    int (*history)(History *history, HistEvent *event, int operation, ...);
} wx_editline_api;

/// Loads libedit.so.2 and fills `api`. Returns 0, or -1 when the library or a symbol is missing
/// (dlerror() then says which).
static inline int wx_editline_load(wx_editline_api *api) {
    void *library = dlopen("libedit.so.2", RTLD_LAZY | RTLD_LOCAL);  /* lazy: symbols bound on first call */
    if (library == NULL) return -1;
#define WX_EDITLINE_SYMBOL(field, name) \
    if ((*(void **)&api->field = dlsym(library, name)) == NULL) return -1;
    WX_EDITLINE_SYMBOL(el_init, "el_init")
    WX_EDITLINE_SYMBOL(el_end, "el_end")
    WX_EDITLINE_SYMBOL(el_gets, "el_gets")
    WX_EDITLINE_SYMBOL(el_set, "el_set")
    WX_EDITLINE_SYMBOL(el_get, "el_get")
    WX_EDITLINE_SYMBOL(el_source, "el_source")
    WX_EDITLINE_SYMBOL(el_line, "el_line")
    WX_EDITLINE_SYMBOL(el_wline, "el_wline")
    WX_EDITLINE_SYMBOL(el_insertstr, "el_insertstr")
    WX_EDITLINE_SYMBOL(el_deletestr, "el_deletestr")
    WX_EDITLINE_SYMBOL(el_cursor, "el_cursor")
    WX_EDITLINE_SYMBOL(el_push, "el_push")
    WX_EDITLINE_SYMBOL(el_resize, "el_resize")
    WX_EDITLINE_SYMBOL(history_init, "history_init")
    WX_EDITLINE_SYMBOL(history_end, "history_end")
    WX_EDITLINE_SYMBOL(history, "history")
#undef WX_EDITLINE_SYMBOL
    return 0;
}

/// dlerror() as a function Swift can call after a failed load.
static inline const char *wx_editline_load_error(void) {
    const char *message = dlerror();
    return message != NULL ? message : "unknown error";
}

/// el_init takes the C stdio streams, which Swift 6 treats as unsafe mutable globals;
/// reading them here keeps the Swift side free of that diagnostic. libedit draws on `screen`:
/// standard output (1), standard error (2) when standard output is a file or a pipe, or another
/// descriptor (/dev/tty). It edits only when that is a terminal (else it reads lines unprompted).
static inline EditLine *wx_el_init(const wx_editline_api *api, const char *program, int screen) {
    FILE *out = screen == 1 ? stdout : screen == 2 ? stderr : fdopen(screen, "w");
    if (out == NULL) return NULL;
    return api->el_init(program, stdin, out, stderr);
}

/// The type of an EL_PROMPT function: the prompt text, which libedit calls for at every redraw.
typedef char *(*wx_el_prompt_function)(EditLine *);

/// EL_PROMPT is set through the variadic el_set. The function finds the prompt the shell asked
/// for through EL_CLIENTDATA (a C function pointer cannot capture).
static inline int wx_el_set_prompt(const wx_editline_api *api, EditLine *el, wx_el_prompt_function prompt) {
    return api->el_set(el, EL_PROMPT, prompt);
}

/// EL_EDITOR ("emacs" or "vi") is set through the variadic el_set.
static inline int wx_el_set_editor(const wx_editline_api *api, EditLine *el, const char *mode) {
    return api->el_set(el, EL_EDITOR, mode);
}

/// EL_HIST connects a History to the line editor so that up-arrow recalls it.
static inline int wx_el_set_history(const wx_editline_api *api, EditLine *el, History *h) {
    return api->el_set(el, EL_HIST, api->history, h);
}

/// EL_CLIENTDATA is how a completion callback (a C function pointer that cannot capture)
/// finds its Swift object again.
static inline int wx_el_set_clientdata(const wx_editline_api *api, EditLine *el, void *data) {
    return api->el_set(el, EL_CLIENTDATA, data);
}

/// Reads back EL_CLIENTDATA; el_get is variadic.
static inline void *wx_el_get_clientdata(const wx_editline_api *api, EditLine *el) {
    void *data = NULL;
    api->el_get(el, EL_CLIENTDATA, &data);
    return data;
}

/// The type of an editor function added with EL_ADDFN: returns one of the CC_* codes.
typedef unsigned char (*wx_el_function)(EditLine *, int);

/// EL_ADDFN registers a named editor function (wx adds its tab completion this way).
static inline int wx_el_add_function(const wx_editline_api *api, EditLine *el, const char *name,
                                     const char *help, wx_el_function function) {
    return api->el_set(el, EL_ADDFN, name, help, function);
}

/// EL_BIND binds a key sequence to a named editor function; the list ends with NULL.
static inline int wx_el_bind(const wx_editline_api *api, EditLine *el, const char *key, const char *function) {
    return api->el_set(el, EL_BIND, key, function, NULL);
}

/// The type of an EL_GETCFN function: reads one character for libedit (1, 0 at the end, -1 on error).
typedef int (*wx_el_read_function)(EditLine *, wchar_t *);

/// EL_GETCFN replaces libedit's character reader (wx's handles terminal events while it waits).
static inline int wx_el_set_read_function(const wx_editline_api *api, EditLine *el, wx_el_read_function read) {
    return api->el_set(el, EL_GETCFN, read);
}

/// EL_PREP_TERM puts the terminal in libedit's editing mode (1) or back as it found it (0).
static inline int wx_el_prepare_terminal(const wx_editline_api *api, EditLine *el, int editing) {
    return api->el_set(el, EL_PREP_TERM, editing);
}

/// EL_REFRESH draws the prompt and the line again from where the cursor is.
static inline int wx_el_refresh(const wx_editline_api *api, EditLine *el) {
    return api->el_set(el, EL_REFRESH);
}

/// H_SETSIZE bounds the in-memory history; history() is variadic.
static inline int wx_history_set_size(const wx_editline_api *api, History *h, int size) {
    HistEvent event;
    return api->history(h, &event, H_SETSIZE, size);
}

/// H_SETUNIQUE drops a line that repeats the one just before it.
static inline int wx_history_set_unique(const wx_editline_api *api, History *h, int unique) {
    HistEvent event;
    return api->history(h, &event, H_SETUNIQUE, unique);
}

/// H_ENTER appends one line to the history.
static inline int wx_history_enter(const wx_editline_api *api, History *h, const char *line) {
    HistEvent event;
    return api->history(h, &event, H_ENTER, line);
}

/// The signal handlers' shared state, defined once in Sources/CTerminalState/state.c. A
/// function-local `static` in this header's inline functions is not one variable: Swift's
/// importer and Clang each emit a copy of an inline function, and a release build of wx held
/// two interrupt counts, so a SIGINT counted in one was never seen by the reader of the other
/// (Ctrl-C did not drop the line at the prompt).
extern pthread_t wx_state_reader_thread;
extern volatile sig_atomic_t wx_state_reader_waiting;
extern volatile sig_atomic_t wx_state_interrupt_count;
extern volatile sig_atomic_t wx_state_line_interrupts;
extern volatile sig_atomic_t wx_state_continued;
extern volatile sig_atomic_t wx_state_resized;
extern int wx_state_event_pipe[2];
extern struct termios wx_state_found_terminal;
extern volatile sig_atomic_t wx_state_found_terminal_valid;
extern volatile pid_t wx_state_previous_foreground;
extern volatile sig_atomic_t wx_state_bracketed_paste;
extern int wx_state_prompt_columns;
extern char wx_state_search_saved[4100];
extern int wx_state_search_saved_cursor;
extern int wx_state_search_restore;
extern const void *wx_state_reader_api;
extern int wx_state_screen;

/// Where the SIGINT handler reports an interrupt: the write end of a pipe (or -1).
extern int wx_interrupt_pipe;

/// The thread waiting in el_gets, while wx_reader_waiting() is 1. Swift's main actor need not
/// run on the process's first thread (after the first await it runs on a Dispatch worker, where
/// signals are blocked), so the kernel may deliver SIGINT to another thread; the handler then
/// passes it on to the reader, whose el_gets returns EINTR.
/// (Function-local statics: the Swift importer emits a header's file-scope statics only when
/// Swift itself names them.)
static inline pthread_t *wx_reader_thread(void) {
    return &wx_state_reader_thread;
}
static inline volatile sig_atomic_t *wx_reader_waiting(void) {
    return &wx_state_reader_waiting;
}

/// How many SIGINTs have arrived. el_gets reports some interrupts as the end of input, not as
/// EINTR: Ctrl-C during a Ctrl-R search ends the search through libedit's end-of-file action
/// (NULL, count 0). The reader compares this count before and after el_gets to tell them apart.
static inline volatile sig_atomic_t *wx_interrupt_count(void) {
    return &wx_state_interrupt_count;
}

/// The interrupt count when the line now being read began (set by wx_reader_begin). The
/// character reader compares with it, not with the count when it was itself called: a Ctrl-C
/// that arrives while libedit handles the previous key would otherwise be missed, and the
/// line it meant to drop would run at the next Enter.
static inline volatile sig_atomic_t *wx_line_interrupts(void) {
    return &wx_state_line_interrupts;
}

/// The SIGINT handler: async-signal-safe, so C and only write(2) and pthread_kill(3).
/// Installed without SA_RESTART, so that a blocked el_gets returns with EINTR (a cancelled
/// line, not the end).
static inline void wx_on_interrupt(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    *wx_interrupt_count() += 1;
    /* Forward first, write second: the byte in the pipe can cancel a command, after which the
       next prompt's reader starts waiting; checking afterwards could interrupt that new line. */
    if (*wx_reader_waiting() && !pthread_equal(pthread_self(), *wx_reader_thread())) {
        pthread_kill(*wx_reader_thread(), SIGINT);
    }
    if (wx_interrupt_pipe >= 0) {
        char byte = 1;
        ssize_t ignored = write(wx_interrupt_pipe, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

/// Before el_gets: this thread is the reader, with SIGINT unblocked; `saved` keeps its mask.
static inline void wx_reader_begin(sigset_t *saved) {
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    *wx_reader_thread() = pthread_self();
    /* An interrupt from before this line (Ctrl-C that cancelled a command while every thread
       blocked SIGINT) must not cancel the new line: take it off the pending set first. */
    sigset_t pending;
    if (sigpending(&pending) == 0 && sigismember(&pending, SIGINT)) {
        sigset_t blocked;
        pthread_sigmask(SIG_BLOCK, &interrupt, &blocked);
        struct timespec zero = {0, 0};
        while (sigtimedwait(&interrupt, NULL, &zero) == SIGINT) {}
        pthread_sigmask(SIG_SETMASK, &blocked, NULL);
    }
    *wx_line_interrupts() = *wx_interrupt_count();
    pthread_sigmask(SIG_UNBLOCK, &interrupt, saved);
    *wx_reader_waiting() = 1;
}

/// After el_gets: no reader any more; the thread's mask as it was.
static inline void wx_reader_end(const sigset_t *saved) {
    *wx_reader_waiting() = 0;
    pthread_sigmask(SIG_SETMASK, saved, NULL);
}

/// Installs wx_on_interrupt for SIGINT, reporting to `pipe_write_end`.
static inline int wx_install_interrupt_handler(int pipe_write_end) {
    wx_interrupt_pipe = pipe_write_end;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = wx_on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    if (sigaction(SIGINT, &action, NULL) != 0) return -1;
    /* A parent may have started us with SIGINT blocked (the mask survives exec); unblock it on
       this thread, the one that waits in el_gets. */
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    return pthread_sigmask(SIG_UNBLOCK, &interrupt, NULL);
}

// ---- The terminal's other signals: Ctrl-Z and fg, resizing, and every catchable way out ----
//
// libedit's own EL_SIGNAL handling re-sends each signal to the whole process group (kill(0, …))
// and handles it once per line only; wx handles these itself. The handlers only record what
// happened and write a byte to the event pipe; libedit is called from wx_read_character, inside
// el_gets, where it is safe.

/// Set by SIGCONT (wx was stopped and is continued: libedit's mode and the line must come back).
static inline volatile sig_atomic_t *wx_continued(void) {
    return &wx_state_continued;
}
/// Set by SIGWINCH (the terminal's size changed).
static inline volatile sig_atomic_t *wx_resized(void) {
    return &wx_state_resized;
}
/// The self-pipe the handlers write to and wx_read_character polls beside the terminal.
static inline int *wx_event_pipe(void) {
    return wx_state_event_pipe;
}
/// The terminal's settings as wx found them, put back on every way out.
static inline struct termios *wx_found_terminal(void) {
    return &wx_state_found_terminal;
}
static inline volatile sig_atomic_t *wx_found_terminal_valid(void) {
    return &wx_state_found_terminal_valid;
}
/// The process group that had the terminal's foreground before wx took it (0: wx took nothing).
static inline volatile pid_t *wx_previous_foreground(void) {
    return &wx_state_previous_foreground;
}
/// Whether wx turned on bracketed paste (so it is turned off on the way out).
static inline volatile sig_atomic_t *wx_bracketed_paste(void) {
    return &wx_state_bracketed_paste;
}
/// The line editor and its library, for wx_read_character.
static inline const wx_editline_api **wx_reader_api(void) {
    return (const wx_editline_api **)&wx_state_reader_api;
}

/// The descriptor the prompt is drawn on (`wx_el_init`'s `screen`): where wx writes what it
/// draws beside libedit (bracketed paste, a redraw after a resize or fg) and whose width it reads.
static inline int *wx_screen(void) {
    return &wx_state_screen;
}

/// write(2) until all of `text` is out: usable inside a signal handler, unlike stdio.
static inline void wx_write_all(int fd, const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(fd, text, length);
        if (written < 0) { if (errno == EINTR) continue; return; }
        text += written;
        length -= (size_t)written;
    }
}

/// Turns bracketed paste on or off (async-signal-safe: write only).
static inline void wx_set_bracketed_paste(int on) {
    if (on == *wx_bracketed_paste()) return;
    *wx_bracketed_paste() = on;
    wx_write_all(*wx_screen(), on ? "\033[?2004h" : "\033[?2004l");
}

/// The terminal as wx found it: its settings, no bracketed paste. Async-signal-safe.
static inline void wx_restore_found_terminal(void) {
    wx_set_bracketed_paste(0);
    if (*wx_found_terminal_valid()) tcsetattr(0, TCSADRAIN, wx_found_terminal());
}

/// The SIGCONT and SIGWINCH handler: records the event and wakes the reader's poll.
static inline void wx_on_terminal_event(int signal_number) {
    int saved_errno = errno;
    if (signal_number == SIGCONT) *wx_continued() = 1; else *wx_resized() = 1;
    if (wx_event_pipe()[1] >= 0) {
        char byte = 1;
        ssize_t ignored = write(wx_event_pipe()[1], &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

/// SIGTSTP (Ctrl-Z), under a job-control shell: the terminal as wx found it while stopped, then stop; once continued, the
/// settings of the moment before (libedit's mode, or no echo while a command runs) come back
/// when wx is in the foreground again. The prompt and line are redrawn by the reader (SIGCONT).
///
/// When wx took a process group of its own (its parent has no job control: `make demo`, `sh -c`),
/// a job-control shell started that parent as a job in another group: wx rejoins that group and
/// stops the whole job, so that the shell says "Stopped" and `fg` continues it all (trial 4:
/// Ctrl-Z under `make demo` did nothing). Then wx takes its own group and the terminal again.
/// Where no shell could `fg` the job (its group is the session's own: a terminal running
/// `sh -c` itself), Ctrl-Z still does nothing.
static inline void wx_on_stop(int signal_number) {
    int saved_errno = errno;
    pid_t job = *wx_previous_foreground();
    if (job > 0 && job == getsid(0)) {
        errno = saved_errno;
        return;
    }
    struct termios before;
    int had = tcgetattr(0, &before) == 0;
    int paste = *wx_bracketed_paste();
    wx_restore_found_terminal();
    struct sigaction stop, handler;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(signal_number, &stop, &handler);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    sigset_t ttou, unmasked;
    sigemptyset(&ttou);
    sigaddset(&ttou, SIGTTOU);
    if (job > 0) {
        /* Back into the job's group, the terminal with it, and the whole job stopped. */
        pthread_sigmask(SIG_BLOCK, &ttou, &unmasked);
        setpgid(0, job);
        tcsetpgrp(0, job);
        pthread_sigmask(SIG_SETMASK, &unmasked, NULL);
        pthread_sigmask(SIG_UNBLOCK, &set, NULL);
        kill(-job, signal_number);
    } else {
        pthread_sigmask(SIG_UNBLOCK, &set, NULL);
        raise(signal_number);
    }
    /* continued */
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    sigaction(signal_number, &handler, NULL);
    if (job > 0 && getpgrp() == job) {
        /* `fg` gave the job the terminal: wx's own group takes it again, as at the start. */
        pthread_sigmask(SIG_BLOCK, &ttou, &unmasked);
        /* Continued in the background (`bg`), wx stays in the job, which `fg` then brings back whole. */
        if (tcgetpgrp(0) == job && setpgid(0, 0) == 0) tcsetpgrp(0, getpid());
        pthread_sigmask(SIG_SETMASK, &unmasked, NULL);
    }
    if (had && tcgetpgrp(0) == getpgrp()) {
        tcsetattr(0, TCSADRAIN, &before);
        if (paste) wx_set_bracketed_paste(1);
    }
    errno = saved_errno;
}

/// SIGTERM, SIGHUP, SIGQUIT: the terminal as wx found it, its foreground group given back, then
/// the signal's default action (the parent sees wx killed by it).
static inline void wx_on_fatal(int signal_number) {
    wx_restore_found_terminal();
    pid_t previous = *wx_previous_foreground();
    if (previous > 0) {
        sigset_t ttou, old;
        sigemptyset(&ttou);
        sigaddset(&ttou, SIGTTOU);
        pthread_sigmask(SIG_BLOCK, &ttou, &old);
        tcsetpgrp(0, previous);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(signal_number);
}

/// Installs the handlers above; `api` is the line editor's library. Returns 0 or -1.
static inline int wx_install_terminal_handlers(const wx_editline_api *api) {
    *wx_reader_api() = api;
    if (tcgetattr(0, wx_found_terminal()) == 0) *wx_found_terminal_valid() = 1;
    if (pipe(wx_event_pipe()) != 0) return -1;
    for (int i = 0; i < 2; i++) fcntl(wx_event_pipe()[i], F_SETFL, O_NONBLOCK);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    action.sa_handler = wx_on_terminal_event;
    sigaction(SIGCONT, &action, NULL);
    sigaction(SIGWINCH, &action, NULL);
    action.sa_handler = wx_on_stop;
    struct sigaction previous;
    /* A parent that ignores Ctrl-Z for its children (no job control) keeps it ignored. */
    if (sigaction(SIGTSTP, NULL, &previous) == 0 && previous.sa_handler != SIG_IGN) sigaction(SIGTSTP, &action, NULL);
    action.sa_flags = 0;
    action.sa_handler = wx_on_fatal;
    int fatal[] = {SIGTERM, SIGHUP, SIGQUIT};
    for (int i = 0; i < 3; i++) {
        if (sigaction(fatal[i], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
        sigaction(fatal[i], &action, NULL);
    }
    return 0;
}

/// Forgets terminal events from before this line (a resize while a command ran: el_gets measures
/// the terminal itself when it starts).
static inline void wx_forget_terminal_events(void) {
    char buffer[64];
    while (wx_event_pipe()[0] >= 0 && read(wx_event_pipe()[0], buffer, sizeof buffer) > 0) {}
    *wx_continued() = 0;
    *wx_resized() = 0;
}

/// Columns from the start of the prompt to the cursor: the prompt's length plus the line's
/// characters before the cursor (each wcwidth wide).
static inline int wx_columns_before_cursor(const LineInfo *line, int prompt_columns) {
    int columns = prompt_columns;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    const char *p = line->buffer;
    while (p < line->cursor) {
        wchar_t wide;
        size_t length = mbrtowc(&wide, p, (size_t)(line->cursor - p), &state);
        if (length == (size_t)-1 || length == (size_t)-2 || length == 0) { p++; columns++; continue; }
        int width = wcwidth(wide);
        if (wide == L'\n') columns = 0; else columns += width > 0 ? width : 0;
        p += length;
    }
    return columns;
}

/// Handles what the signal handlers recorded: after fg, libedit's terminal mode and the line
/// again; after a resize, libedit's idea of the width, and the line redrawn from its first row.
static inline void wx_handle_terminal_events(EditLine *el, int prompt_columns) {
    const wx_editline_api *api = *wx_reader_api();
    char buffer[64];
    while (read(wx_event_pipe()[0], buffer, sizeof buffer) > 0) {}
    if (*wx_continued()) {
        *wx_continued() = 0;
        wx_el_prepare_terminal(api, el, 0);
        wx_el_prepare_terminal(api, el, 1);
        wx_set_bracketed_paste(1);
        wx_write_all(*wx_screen(), "\r\033[J");
        wx_el_refresh(api, el);
    }
    if (*wx_resized()) {
        *wx_resized() = 0;
        api->el_resize(el);
        struct winsize size;
        int width = (ioctl(*wx_screen(), TIOCGWINSZ, &size) == 0 && size.ws_col > 0) ? size.ws_col : 80;
        const LineInfo *line = api->el_line(el);
        int rows = line ? wx_columns_before_cursor(line, prompt_columns) / width : 0;
        char move[32];
        if (rows > 0) { snprintf(move, sizeof move, "\033[%dA", rows); wx_write_all(*wx_screen(), move); }
        wx_write_all(*wx_screen(), "\r\033[J");
        wx_el_refresh(api, el);
    }
}

/// The prompt's width in columns, set by the reader before el_gets (for redrawing after a resize).
static inline int *wx_prompt_columns(void) {
    return &wx_state_prompt_columns;
}

/// Whether libedit is in a Ctrl-R search now (its line then holds "\nbck:" or "\nfwd:").
static inline int wx_in_search(EditLine *el) {
    const LineInfo *line = (*wx_reader_api())->el_line(el);
    if (line == NULL) return 0;
    for (const char *p = line->buffer; p + 4 <= line->lastchar; p++) {
        if (p[0] == '\n' && (strncmp(p + 1, "bck", 3) == 0 || strncmp(p + 1, "fwd", 3) == 0)) return 1;
    }
    return 0;
}

/// Before a Ctrl-R search: the line and the cursor (bytes from the start), to be put back when the
/// search is abandoned with Ctrl-G. libedit puts back the history line the search started from
/// instead — after Up and Ctrl-U, the line Up showed, not the empty one (trial 4, item 14).
static inline void wx_search_save(EditLine *el) {
    const LineInfo *line = (*wx_reader_api())->el_line(el);
    size_t length = line ? (size_t)(line->lastchar - line->buffer) : 0;
    if (line == NULL || length >= sizeof wx_state_search_saved) {
        wx_state_search_saved[0] = '\0';
        wx_state_search_saved_cursor = -1;  /* too long to keep: libedit's own restore stands */
        return;
    }
    memcpy(wx_state_search_saved, line->buffer, length);
    wx_state_search_saved[length] = '\0';
    wx_state_search_saved_cursor = (int)(line->cursor - line->buffer);
}

/// After Ctrl-G ended a search: the line saved by `wx_search_save` again, the cursor where it was.
static inline void wx_search_restore(EditLine *el) {
    const wx_editline_api *api = *wx_reader_api();
    const LineInfo *line = api->el_line(el);
    if (line == NULL || wx_state_search_saved_cursor < 0) return;
    size_t length = (size_t)(line->lastchar - line->buffer);
    if (length == strlen(wx_state_search_saved) && memcmp(line->buffer, wx_state_search_saved, length) == 0) return;
    /* Where the line starts on the screen, before it changes: as after a resize. */
    struct winsize size;
    int width = (ioctl(*wx_screen(), TIOCGWINSZ, &size) == 0 && size.ws_col > 0) ? size.ws_col : 80;
    int rows = wx_columns_before_cursor(line, *wx_prompt_columns()) / width;
    /* Characters, not bytes: el_cursor and el_deletestr count characters. */
    api->el_cursor(el, 1 << 20);
    line = api->el_line(el);
    char current[sizeof wx_state_search_saved];
    length = (size_t)(line->lastchar - line->buffer);
    if (length >= sizeof current) return;
    memcpy(current, line->buffer, length);
    current[length] = '\0';
    int characters = (int)mbstowcs(NULL, current, 0);
    if (characters > 0) api->el_deletestr(el, characters);
    if (wx_state_search_saved[0] != '\0') api->el_insertstr(el, wx_state_search_saved);
    char before[sizeof wx_state_search_saved];
    memcpy(before, wx_state_search_saved, (size_t)wx_state_search_saved_cursor);
    before[wx_state_search_saved_cursor] = '\0';
    int total = (int)mbstowcs(NULL, wx_state_search_saved, 0);
    int at = (int)mbstowcs(NULL, before, 0);
    if (total >= 0 && at >= 0) api->el_cursor(el, at - total);
    char move[32];
    if (rows > 0) { snprintf(move, sizeof move, "\033[%dA", rows); wx_write_all(*wx_screen(), move); }
    wx_write_all(*wx_screen(), "\r\033[J");
    wx_el_refresh(api, el);
}

/// Reads one byte of the terminal (unbuffered, as libedit's own reader, so that a bracketed paste
/// can be read straight from the descriptor after it), handling terminal events while it waits. `wait_ms` -1 waits
/// for ever. Returns 1, 0 at the end of input or when `wait_ms` passed, -1 with errno (EINTR:
/// Ctrl-C).
static inline int wx_read_byte(EditLine *el, unsigned char *byte, int wait_ms, volatile sig_atomic_t interrupts_before,
                               volatile sig_atomic_t *interrupt_count) {
    for (;;) {
        struct pollfd fds[2] = {{.fd = 0, .events = POLLIN}, {.fd = wx_event_pipe()[0], .events = POLLIN}};
        int ready = poll(fds, wx_event_pipe()[0] >= 0 ? 2 : 1, wait_ms);
        if (*interrupt_count != interrupts_before) { errno = EINTR; return -1; }
        if (ready < 0) {
            if (errno != EINTR) return -1;
            if (*wx_continued() || *wx_resized()) wx_handle_terminal_events(el, *wx_prompt_columns());
            continue;
        }
        if (ready == 0) return 0;
        if (fds[1].revents & POLLIN) {
            wx_handle_terminal_events(el, *wx_prompt_columns());
            if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        }
        ssize_t count = read(0, byte, 1);
        if (count < 0 && errno == EINTR) {
            if (*interrupt_count != interrupts_before) return -1;
            continue;
        }
        if (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) continue;
        return count < 0 ? -1 : (int)count;
    }
}

/// wx's character reader for libedit (EL_GETCFN). As libedit's own: one character from the
/// terminal in the locale's encoding; unlike it:
/// - waits in poll beside the event pipe, so that after Ctrl-Z and fg the terminal is back in
///   libedit's mode and the line redrawn, and after a resize the line is redrawn at the new width;
/// - reads a byte that is not valid in the encoding as U+FFFD instead of dropping it silently,
///   so that the line is refused as a script's line is ("the line is not UTF-8 text (column 9
///   …)"); read as the Latin-1 character of that byte value it was sent to the geocoder as
///   "Berÿþlin" (trial 4, item 12);
/// - during a Ctrl-R search, ends the search at an escape sequence (an arrow, Home, End) and
///   hands libedit the whole sequence again, so that it moves instead of inserting "[C".
static inline int wx_read_character(EditLine *el, wchar_t *character) {
    if (wx_state_search_restore) {
        wx_state_search_restore = 0;
        if (!wx_in_search(el)) wx_search_restore(el);
    }
    volatile sig_atomic_t *interrupt_count = wx_interrupt_count();
    volatile sig_atomic_t before = *wx_line_interrupts();
    char bytes[MB_LEN_MAX];
    size_t count = 0;
    for (;;) {
        unsigned char byte;
        int got = wx_read_byte(el, &byte, -1, before, interrupt_count);
        if (got <= 0) { *character = L'\0'; return got; }
        bytes[count++] = (char)byte;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t length = mbrtowc(character, bytes, count, &state);
        if (length == (size_t)-2 && count < MB_LEN_MAX) continue;
        if (length == (size_t)-1 || length == (size_t)-2) {
            *character = (wchar_t)0xFFFD;  /* not silently dropped, nor taken for Latin-1 */
            /* the rest are read again as characters of their own */
            if (count > 1) {
                char rest[MB_LEN_MAX + 1];
                memcpy(rest, bytes + 1, count - 1);
                rest[count - 1] = '\0';
                (*wx_reader_api())->el_push(el, rest);
            }
            return 1;
        }
        if (length == 0) *character = L'\0';
        break;
    }
    if (*character == 0x12 && !wx_in_search(el)) wx_search_save(el);  /* Ctrl-R starts a search */
    if (*character == 0x07 && wx_in_search(el)) wx_state_search_restore = 1;  /* Ctrl-G abandons it */
    if (*character == 0x1b && wx_in_search(el)) {
        /* The rest of an escape sequence arrives with its ESC; a lone ESC waits 30 ms at most. */
        char sequence[16] = "\033";
        size_t length = 1;
        unsigned char byte;
        while (length < sizeof sequence - 1 && wx_read_byte(el, &byte, 30, before, interrupt_count) == 1) {
            sequence[length++] = (char)byte;
            if (length == 2 && byte != '[' && byte != 'O') break;          /* Alt-key */
            if (length == 3 && sequence[1] == 'O') break;                  /* SS3: ESC O x */
            if (length >= 3 && sequence[1] == '[' && byte >= 0x40 && byte <= 0x7e) break;  /* CSI final */
        }
        sequence[length] = '\0';
        if (length > 1) (*wx_reader_api())->el_push(el, sequence);
    }
    return 1;
}

/// The C library's errno, read as a function: Swift sees errno only through Glibc.
static inline int wx_errno(void) { return errno; }

#endif
