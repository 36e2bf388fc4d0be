// The one definition of the state wx's signal handlers share with the line reader (declared in
// Sources/CEditLine/shim.h). In a header, a function-local `static` of an inline function is
// emitted once by Swift's importer and once by Clang: two variables, not one.
#include "wx_terminal_state.h"

#include <pthread.h>
#include <signal.h>
#include <sys/types.h>
#include <termios.h>

pthread_t wx_state_reader_thread;
volatile sig_atomic_t wx_state_reader_waiting = 0;
volatile sig_atomic_t wx_state_interrupt_count = 0;
volatile sig_atomic_t wx_state_line_interrupts = 0;
volatile sig_atomic_t wx_state_continued = 0;
volatile sig_atomic_t wx_state_resized = 0;
volatile sig_atomic_t wx_state_ending_signal = 0;

int wx_ending_signal(void) { return wx_state_ending_signal; }
int wx_state_event_pipe[2] = {-1, -1};
struct termios wx_state_found_terminal;
volatile sig_atomic_t wx_state_found_terminal_valid = 0;
volatile pid_t wx_state_previous_foreground = 0;
volatile sig_atomic_t wx_state_bracketed_paste = 0;
int wx_state_prompt_columns = 0;
char wx_state_search_saved[4100];
int wx_state_search_saved_cursor = 0;
int wx_state_search_restore = 0;
int wx_state_backspace_searching = 0;
int wx_interrupt_pipe = -1;
const void *wx_state_reader_api = 0;
int wx_state_screen = 1;

// The temporary files being written (`FileWriter.replace`: `F.tmp-PID-…` beside F), removed
// when SIGINT or SIGTERM ends wx: a `wx export history F` killed by Ctrl-C in the shell left its
// temporary beside F. Copied into fixed slots, so that the handler only reads memory and calls
// unlink, both async-signal-safe.
#include <string.h>
#include <unistd.h>

#define WX_TEMPORARY_SLOTS 4
static char wx_temporary_paths[WX_TEMPORARY_SLOTS][4096];
// 0 free, 2 claimed and being written, 1 holding a path to remove. Claimed atomically: files
// are replaced from more than one thread (the cache's writes).
static volatile int wx_temporary_used[WX_TEMPORARY_SLOTS];

int wx_temporary_begin(const char *path) {
    if (strlen(path) >= sizeof wx_temporary_paths[0]) return -1;
    for (int slot = 0; slot < WX_TEMPORARY_SLOTS; slot++) {
        if (!__sync_bool_compare_and_swap(&wx_temporary_used[slot], 0, 2)) continue;
        strcpy(wx_temporary_paths[slot], path);
        __sync_synchronize();
        wx_temporary_used[slot] = 1;
        return slot;
    }
    return -1;
}

void wx_temporary_end(int slot) {
    if (slot >= 0 && slot < WX_TEMPORARY_SLOTS) wx_temporary_used[slot] = 0;
}

void wx_remove_temporaries(void) {
    for (int slot = 0; slot < WX_TEMPORARY_SLOTS; slot++) {
        if (wx_temporary_used[slot] == 1) unlink(wx_temporary_paths[slot]);
    }
}

void wx_die_of(int signal_number) {
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

// Ctrl-C while a change waits for a `.wx.lock` another process holds (wx -c, a script): held,
// not fatal, so that the wait ends and says the change was not saved (`InterruptHold`).
static volatile sig_atomic_t wx_interrupts_held = 0;
static volatile sig_atomic_t wx_interrupt_held = 0;

void wx_hold_interrupts(int holding) { wx_interrupts_held = holding ? 1 : 0; }

int wx_held_interrupt(void) { return wx_interrupt_held; }

/// SIGINT, SIGTERM: the temporaries removed, then the signal's default action (the parent sees
/// wx killed by it) — but a SIGINT while interrupts are held is only noted.
static void wx_on_ending_signal(int signal_number) {
    if (signal_number == SIGINT && wx_interrupts_held) {
        wx_interrupt_held = 1;
        return;
    }
    wx_remove_temporaries();
    wx_die_of(signal_number);
}

void wx_install_temporary_cleanup(void) {
    struct sigaction action, previous;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = wx_on_ending_signal;
    int signals[] = {SIGINT, SIGTERM};
    for (int i = 0; i < 2; i++) {
        // A signal the parent has wx ignore (`nohup`, a background job's SIGINT) stays ignored.
        if (sigaction(signals[i], NULL, &previous) == 0 && previous.sa_handler != SIG_DFL) continue;
        sigaction(signals[i], &action, NULL);
    }
}
