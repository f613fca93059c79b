#ifndef CTRY_CLIBEDIT_H
#define CTRY_CLIBEDIT_H
// libedit's native API (el_* / history), loaded with dlopen when the interactive shell starts, so that
// every other run (a command, a script, -c) maps neither libedit nor libtinfo, libbsd and libmd at
// start-up. <histedit.h> (libedit-dev) gives the types, the constants and the prototypes, from which
// clibedit.c types its pointers to the functions dlsym finds; calling one of them directly would need
// -ledit, which the target does not link, so the build fails instead of loading libedit at start-up.
// el_set, el_get and history are variadic, which Swift cannot call, so each use ctry makes has a
// typed wrapper.
#include <stddef.h>
#include <stdio.h>
#include <histedit.h>

typedef char *(*ctry_prompt_fn)(EditLine *);
typedef unsigned char (*ctry_command_fn)(EditLine *, int);

/// Loads libedit once; 0 when it is usable, else -1 with the reason in `error`.
int ctry_libedit_load(char *error, size_t size);

EditLine *ctry_el_init(const char *program, FILE *input, FILE *output, FILE *errors);
void ctry_el_end(EditLine *el);
const char *ctry_el_gets(EditLine *el, int *count);
int ctry_el_getc(EditLine *el, char *character);
const LineInfo *ctry_el_line(EditLine *el);
const LineInfoW *ctry_el_wline(EditLine *el);
/// Moves the cursor by `offset` characters, within the line; returns its index.
int ctry_el_cursor(EditLine *el, int offset);
int ctry_el_insertstr(EditLine *el, const char *text);
void ctry_el_deletestr(EditLine *el, int count);
void ctry_el_reset(EditLine *el);
void ctry_el_resize(EditLine *el);
int ctry_el_source(EditLine *el, const char *path);
History *ctry_history_init(void);
void ctry_history_end(History *history);

int ctry_el_set_editor(EditLine *el, const char *mode);
int ctry_el_set_signal(EditLine *el, int on);
int ctry_el_set_prompt(EditLine *el, ctry_prompt_fn fn, char escape);
int ctry_el_set_history(EditLine *el, History *history);
int ctry_el_add_function(EditLine *el, const char *name, const char *help, ctry_command_fn fn);
int ctry_el_bind(EditLine *el, const char *key, const char *function);
/// `bind -k NAME FUNCTION`: the arrow key `name` ("left", "right", "home", "end") as the terminal sends it.
int ctry_el_bind_arrow(EditLine *el, const char *name, const char *function);
int ctry_el_bind_alternate(EditLine *el, const char *key, const char *function);
int ctry_el_set_client_data(EditLine *el, void *data);
int ctry_el_set_read_function(EditLine *el, el_rfunc_t fn);
int ctry_el_refresh(EditLine *el);
/// Puts the terminal into libedit's edit mode now (EL_PREP_TERM); el_gets restores it when it returns.
int ctry_el_prepare_terminal(EditLine *el);
/// `setty -d FLAG`: FLAG (such as "-ixon") for the terminal mode libedit edits in.
int ctry_el_setty_edit(EditLine *el, const char *flag);
/// The terminal's capability `name` (such as "kl", the left arrow's key), or NULL.
const char *ctry_el_terminal_string(EditLine *el, const char *name);
void *ctry_el_client_data(EditLine *el);

int ctry_history_set_size(History *history, HistEvent *event, int size);
int ctry_history_set_unique(History *history, HistEvent *event, int on);
int ctry_history_enter(History *history, HistEvent *event, const char *line);

#endif
