#include "clibedit.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

// Pointers to libedit's functions, typed from <histedit.h>'s own prototypes; el_set, el_get and
// history are variadic, as there, and are only called with the argument types their operation takes.
#define CTRY_SLOT(name) __typeof__(name) *name
static struct {
  CTRY_SLOT(el_init);
  CTRY_SLOT(el_end);
  CTRY_SLOT(el_gets);
  CTRY_SLOT(el_getc);
  CTRY_SLOT(el_line);
  CTRY_SLOT(el_wline);
  CTRY_SLOT(el_cursor);
  CTRY_SLOT(el_insertstr);
  CTRY_SLOT(el_deletestr);
  CTRY_SLOT(el_reset);
  CTRY_SLOT(el_resize);
  CTRY_SLOT(el_source);
  CTRY_SLOT(el_set);
  CTRY_SLOT(el_get);
  CTRY_SLOT(history_init);
  CTRY_SLOT(history_end);
  CTRY_SLOT(history);
  int loaded;
  char error[512];
} edit;
#undef CTRY_SLOT

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/// dlsym into `*slot`; 0 (and the reason in edit.error) when the symbol is missing.
static int resolve(void *library, const char *name, void **slot) {
  *slot = dlsym(library, name);
  if (*slot == NULL) snprintf(edit.error, sizeof edit.error, "cannot load libedit: %s is missing", name);
  return *slot != NULL;
}

static void load(void) {
  void *library = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(edit.error, sizeof edit.error, "cannot load libedit (libedit.so.2): %s; install libedit2",
             reason ? reason : "unknown");
    return;
  }
  // The POSIX way to store a dlsym result in a function pointer.
  if (!resolve(library, "el_init", (void **)&edit.el_init) || !resolve(library, "el_end", (void **)&edit.el_end) ||
      !resolve(library, "el_gets", (void **)&edit.el_gets) || !resolve(library, "el_getc", (void **)&edit.el_getc) ||
      !resolve(library, "el_line", (void **)&edit.el_line) ||
      !resolve(library, "el_wline", (void **)&edit.el_wline) ||
      !resolve(library, "el_cursor", (void **)&edit.el_cursor) ||
      !resolve(library, "el_insertstr", (void **)&edit.el_insertstr) ||
      !resolve(library, "el_deletestr", (void **)&edit.el_deletestr) ||
      !resolve(library, "el_reset", (void **)&edit.el_reset) ||
      !resolve(library, "el_resize", (void **)&edit.el_resize) ||
      !resolve(library, "el_source", (void **)&edit.el_source) || !resolve(library, "el_set", (void **)&edit.el_set) ||
      !resolve(library, "el_get", (void **)&edit.el_get) ||
      !resolve(library, "history_init", (void **)&edit.history_init) ||
      !resolve(library, "history_end", (void **)&edit.history_end) ||
      !resolve(library, "history", (void **)&edit.history)) {
    return;
  }
  edit.loaded = 1;
}

int ctry_libedit_load(char *error, size_t size) {
  pthread_once(&load_once, load);
  if (edit.loaded) return 0;
  if (error != NULL && size > 0) snprintf(error, size, "%s", edit.error);
  return -1;
}

// Each wrapper is called only on an EditLine or History that ctry_el_init or ctry_history_init made,
// which they make only once ctry_libedit_load has succeeded.
EditLine *ctry_el_init(const char *program, FILE *input, FILE *output, FILE *errors) {
  if (ctry_libedit_load(NULL, 0) != 0) return NULL;
  return edit.el_init(program, input, output, errors);
}
void ctry_el_end(EditLine *el) { edit.el_end(el); }
const char *ctry_el_gets(EditLine *el, int *count) { return edit.el_gets(el, count); }
int ctry_el_getc(EditLine *el, char *character) { return edit.el_getc(el, character); }
const LineInfo *ctry_el_line(EditLine *el) { return edit.el_line(el); }
const LineInfoW *ctry_el_wline(EditLine *el) { return edit.el_wline(el); }
int ctry_el_cursor(EditLine *el, int offset) { return edit.el_cursor(el, offset); }
int ctry_el_insertstr(EditLine *el, const char *text) { return edit.el_insertstr(el, text); }
void ctry_el_deletestr(EditLine *el, int count) { edit.el_deletestr(el, count); }
void ctry_el_reset(EditLine *el) { edit.el_reset(el); }
void ctry_el_resize(EditLine *el) { edit.el_resize(el); }
int ctry_el_source(EditLine *el, const char *path) { return edit.el_source(el, path); }
History *ctry_history_init(void) {
  if (ctry_libedit_load(NULL, 0) != 0) return NULL;
  return edit.history_init();
}
void ctry_history_end(History *history) { edit.history_end(history); }

int ctry_el_set_editor(EditLine *el, const char *mode) { return edit.el_set(el, EL_EDITOR, mode); }
int ctry_el_set_signal(EditLine *el, int on) { return edit.el_set(el, EL_SIGNAL, on); }
int ctry_el_set_prompt(EditLine *el, ctry_prompt_fn fn, char escape) {
  return edit.el_set(el, EL_PROMPT_ESC, fn, escape);
}
int ctry_el_set_history(EditLine *el, History *history) { return edit.el_set(el, EL_HIST, edit.history, history); }
int ctry_el_add_function(EditLine *el, const char *name, const char *help, ctry_command_fn fn) {
  return edit.el_set(el, EL_ADDFN, name, help, fn);
}
int ctry_el_bind(EditLine *el, const char *key, const char *function) {
  return edit.el_set(el, EL_BIND, key, function, NULL);
}
int ctry_el_bind_arrow(EditLine *el, const char *name, const char *function) {
  return edit.el_set(el, EL_BIND, "-k", name, function, NULL);
}
int ctry_el_bind_alternate(EditLine *el, const char *key, const char *function) {
  return edit.el_set(el, EL_BIND, "-a", key, function, NULL);
}
int ctry_el_set_client_data(EditLine *el, void *data) { return edit.el_set(el, EL_CLIENTDATA, data); }
int ctry_el_set_read_function(EditLine *el, el_rfunc_t fn) { return edit.el_set(el, EL_GETCFN, fn); }
int ctry_el_refresh(EditLine *el) { return edit.el_set(el, EL_REFRESH); }
int ctry_el_prepare_terminal(EditLine *el) { return edit.el_set(el, EL_PREP_TERM, 1); }
int ctry_el_setty_edit(EditLine *el, const char *flag) { return edit.el_set(el, EL_SETTY, "-d", flag, NULL); }
const char *ctry_el_terminal_string(EditLine *el, const char *name) {
  char *value = NULL;
  if (edit.el_get(el, EL_GETTC, name, &value, NULL) != 0) return NULL;
  return value;
}
void *ctry_el_client_data(EditLine *el) {
  void *data = NULL;
  edit.el_get(el, EL_CLIENTDATA, &data);
  return data;
}

int ctry_history_set_size(History *history, HistEvent *event, int size) {
  return edit.history(history, event, H_SETSIZE, size);
}
int ctry_history_set_unique(History *history, HistEvent *event, int on) {
  return edit.history(history, event, H_SETUNIQUE, on);
}
int ctry_history_enter(History *history, HistEvent *event, const char *line) {
  return edit.history(history, event, H_ENTER, line);
}
