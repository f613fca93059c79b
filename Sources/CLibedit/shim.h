#ifndef CTRY_CLIBEDIT_SHIM_H
#define CTRY_CLIBEDIT_SHIM_H
// libedit's native API (el_* / history). el_set, el_get and history are C variadic functions, which
// Swift cannot call, so each use ctry makes has a small typed wrapper here.
#include <stdio.h>
#include <histedit.h>

typedef char *(*ctry_prompt_fn)(EditLine *);
typedef unsigned char (*ctry_command_fn)(EditLine *, int);

static inline int ctry_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int ctry_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int ctry_el_set_prompt(EditLine *el, ctry_prompt_fn fn, char escape) {
  return el_set(el, EL_PROMPT_ESC, fn, escape);
}
static inline int ctry_el_set_history(EditLine *el, History *hist) { return el_set(el, EL_HIST, history, hist); }
static inline int ctry_el_add_function(EditLine *el, const char *name, const char *help, ctry_command_fn fn) {
  return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int ctry_el_bind(EditLine *el, const char *key, const char *function) {
  return el_set(el, EL_BIND, key, function, NULL);
}
static inline int ctry_el_bind_alternate(EditLine *el, const char *key, const char *function) {
  return el_set(el, EL_BIND, "-a", key, function, NULL);
}
static inline int ctry_el_set_client_data(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline int ctry_el_set_read_function(EditLine *el, el_rfunc_t fn) { return el_set(el, EL_GETCFN, fn); }
static inline int ctry_el_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }
// Puts the terminal into libedit's edit mode now (EL_PREP_TERM); el_gets restores it when it returns.
static inline int ctry_el_prepare_terminal(EditLine *el) { return el_set(el, EL_PREP_TERM, 1); }
// `setty -d FLAG`: FLAG (such as "-ixon") for the terminal mode libedit edits in.
static inline int ctry_el_setty_edit(EditLine *el, const char *flag) { return el_set(el, EL_SETTY, "-d", flag, NULL); }
static inline void *ctry_el_client_data(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

static inline int ctry_history_set_size(History *h, HistEvent *ev, int size) { return history(h, ev, H_SETSIZE, size); }
static inline int ctry_history_set_unique(History *h, HistEvent *ev, int on) { return history(h, ev, H_SETUNIQUE, on); }
static inline int ctry_history_enter(History *h, HistEvent *ev, const char *line) { return history(h, ev, H_ENTER, line); }

#endif
