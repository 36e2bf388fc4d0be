// The slice of libedit (BSD editline) that wx uses, made callable from Swift.
//
// libedit is not linked: only the interactive shell needs it, and loading it with its
// dependencies (libtinfo, libbsd, libmd) costs every start of wx — scripts and `wx -c` too —
// almost a millisecond. wx_editline_load() dlopens it when the shell starts; the headers come
// from libedit-dev, the library from libedit2.
//
// The terminal's handlers (Ctrl-Z and fg, resizing, the ways out) and wx's character reader
// are in terminal.h, beside this header in the module.
//
// SwiftPM does not rebuild the Swift files that import this module when only its headers
// change: after editing one, `touch Sources/wx/Terminal/*.swift` before building.
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
/// SIGHUP or SIGTERM that asked the prompt to end as Ctrl-D ends it (0: none yet).
extern volatile sig_atomic_t wx_state_ending_signal;
extern int wx_state_event_pipe[2];
extern struct termios wx_state_found_terminal;
extern volatile sig_atomic_t wx_state_found_terminal_valid;
extern volatile pid_t wx_state_previous_foreground;
extern volatile sig_atomic_t wx_state_bracketed_paste;
extern int wx_state_prompt_columns;
extern char wx_state_search_saved[4100];
extern int wx_state_search_saved_cursor;
extern int wx_state_search_restore;
/// Whether Backspace is bound to libedit's own em-delete-prev-char for a Ctrl-R search (see
/// wx_read_character), rather than wx-delete-prev-char.
extern int wx_state_backspace_searching;
extern const void *wx_state_reader_api;
extern int wx_state_screen;

/// Where the SIGINT handler reports an interrupt: the write end of a pipe (or -1).
extern int wx_interrupt_pipe;

/// The thread waiting in el_gets, while wx_reader_waiting() is 1. The kernel may deliver SIGINT
/// to another thread than the reader (wx runs the main actor on the process's first thread,
/// MainThreadExecutor, but a parent may have blocked SIGINT there, and a test may read elsewhere);
/// the handler then passes it on to the reader, whose el_gets returns EINTR.
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

/// The C library's errno, read as a function: Swift sees errno only through Glibc.
static inline int wx_errno(void) { return errno; }

#endif
