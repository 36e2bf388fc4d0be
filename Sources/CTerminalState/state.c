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
