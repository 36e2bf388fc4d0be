// The terminal's side of the shim (see shim.h): the handlers of Ctrl-Z and fg, resizing and the
// ways out, what they share with the reader, and wx's character reader for libedit (EL_GETCFN).
// A header of its own so that each stays a size to read (shim.h has the libedit calls and
// Ctrl-C); as there, everything is `static inline`, and the state lives in CTerminalState.
#ifndef WX_CEDITLINE_TERMINAL_H
#define WX_CEDITLINE_TERMINAL_H

#include "shim.h"

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
/// the signal's default action (the parent sees wx killed by it). Temporary files being written
/// are removed first (CTerminalState's state.c).
///
/// The first SIGHUP (the terminal closed) or SIGTERM ends the prompt as Ctrl-D does instead
/// (nu61: history lines held back while another process held `.wx.lock` were lost to a closed
/// terminal, where Ctrl-D waits for the lock and writes them): noted, the line running cancelled
/// as Ctrl-C cancels it (a byte in the interrupt pipe), the reader woken (the event pipe), whose
/// next read is the end of input; wx then writes what it holds, waiting for the lock up to
/// WX_TIMEOUT, and dies of the signal (ProcessEnd). A second one ends wx at once, as before.
extern void wx_remove_temporaries(void);
extern void wx_die_of(int signal_number);
static inline void wx_on_fatal(int signal_number) {
    if ((signal_number == SIGHUP || signal_number == SIGTERM) && !wx_state_ending_signal) {
        int saved_errno = errno;
        wx_state_ending_signal = signal_number;
        char byte = 1;
        if (wx_interrupt_pipe >= 0) { ssize_t ignored = write(wx_interrupt_pipe, &byte, 1); (void)ignored; }
        if (wx_event_pipe()[1] >= 0) { ssize_t ignored = write(wx_event_pipe()[1], &byte, 1); (void)ignored; }
        errno = saved_errno;
        return;
    }
    wx_remove_temporaries();
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
    wx_die_of(signal_number);
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
        /* SIGHUP or SIGTERM (wx_on_fatal): the end of input, as Ctrl-D. */
        if (wx_state_ending_signal) return 0;
        struct pollfd fds[2] = {{.fd = 0, .events = POLLIN}, {.fd = wx_event_pipe()[0], .events = POLLIN}};
        int ready = poll(fds, wx_event_pipe()[0] >= 0 ? 2 : 1, wait_ms);
        if (wx_state_ending_signal) return 0;
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
///   hands libedit the whole sequence again, so that it moves instead of inserting "[C";
/// - during a Ctrl-R search, Backspace deletes a character of what is searched for, as in bash,
///   sqlite3 and psql: libedit's search does so only for its own delete functions, and
///   wx binds Backspace to wx-delete-prev-char (a character as the user sees it), which ended
///   the search and deleted from the line (issue 40). Backspace is bound to libedit's
///   em-delete-prev-char while a search runs and back to wx's after it;
/// - Ctrl-G leaves a search at once, a failed one too (libedit's first Ctrl-G in a failed
///   search only takes back the characters that failed, as Emacs does; bash leaves).
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
    if (*character == 0x07 && wx_in_search(el)) {  /* Ctrl-G abandons it */
        wx_state_search_restore = 1;
        /* A failed search ("bck?…"): a second Ctrl-G, which libedit needs to leave it. */
        const LineInfo *line = (*wx_reader_api())->el_line(el);
        for (const char *p = line ? line->buffer : NULL; p && p + 4 <= line->lastchar; p++) {
            if (p[0] == '\n' && (strncmp(p + 1, "bck?", 4) == 0 || strncmp(p + 1, "fwd?", 4) == 0)) {
                (*wx_reader_api())->el_push(el, "\a");
                break;
            }
        }
    }
    if (*character == 0x08 || *character == 0x7f) {
        int searching = wx_in_search(el);
        if (searching != wx_state_backspace_searching) {
            const char *function = searching ? "em-delete-prev-char" : "wx-delete-prev-char";
            wx_el_bind(*wx_reader_api(), el, "^H", function);
            wx_el_bind(*wx_reader_api(), el, "^?", function);
            wx_state_backspace_searching = searching;
        }
    }
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

#endif
