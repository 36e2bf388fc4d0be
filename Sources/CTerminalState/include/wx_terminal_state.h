#ifndef WX_TERMINAL_STATE_H
#define WX_TERMINAL_STATE_H
// The variables are declared where they are used, in Sources/CEditLine/shim.h; this target
// only defines them (state.c), so that the process has exactly one of each.
#endif
