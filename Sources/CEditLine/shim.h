// The slice of libedit (BSD editline) that wx uses, made callable from Swift.
//
// el_set, el_get and history are C variadic functions, which Swift cannot call; each use
// wx makes of them gets a typed `static inline` wrapper below. Nothing here holds state.
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

/// el_init takes the C stdio streams, which Swift 6 treats as unsafe mutable globals;
/// reading them here keeps the Swift side free of that diagnostic.
static inline EditLine *wx_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}

/// The prompt callback returns a fixed string; a C function (not a Swift closure) so that
/// libedit can call it without any context.
static inline char *wx_el_prompt_text(EditLine *el) {
    (void)el;
    static char prompt[] = "wx> ";
    return prompt;
}

/// EL_PROMPT is set through the variadic el_set.
static inline int wx_el_set_default_prompt(EditLine *el) {
    return el_set(el, EL_PROMPT, wx_el_prompt_text);
}

/// EL_EDITOR ("emacs" or "vi") is set through the variadic el_set.
static inline int wx_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/// EL_HIST connects a History to the line editor so that up-arrow recalls it.
static inline int wx_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

/// EL_CLIENTDATA is how a completion callback (a C function pointer that cannot capture)
/// finds its Swift object again.
static inline int wx_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

/// Reads back EL_CLIENTDATA; el_get is variadic.
static inline void *wx_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}

/// The type of an editor function added with EL_ADDFN: returns one of the CC_* codes.
typedef unsigned char (*wx_el_function)(EditLine *, int);

/// EL_ADDFN registers a named editor function (wx adds its tab completion this way).
static inline int wx_el_add_function(EditLine *el, const char *name, const char *help,
                                     wx_el_function function) {
    return el_set(el, EL_ADDFN, name, help, function);
}

/// EL_BIND binds a key sequence to a named editor function; the list ends with NULL.
static inline int wx_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}

/// H_SETSIZE bounds the in-memory history; history() is variadic.
static inline int wx_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}

/// H_SETUNIQUE drops a line that repeats the one just before it.
static inline int wx_history_set_unique(History *h, int unique) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, unique);
}

/// H_ENTER appends one line to the history.
static inline int wx_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

/// Where the SIGINT handler reports an interrupt: the write end of a pipe (or -1).
static int wx_interrupt_pipe = -1;

/// The SIGINT handler: async-signal-safe, so C and only write(2). Installed without
/// SA_RESTART, so that a blocked el_gets returns with EINTR (a cancelled line, not the end).
static inline void wx_on_interrupt(int signal_number) {
    (void)signal_number;
    if (wx_interrupt_pipe >= 0) {
        char byte = 1;
        ssize_t ignored = write(wx_interrupt_pipe, &byte, 1);
        (void)ignored;
    }
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
