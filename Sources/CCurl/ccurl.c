#include "ccurl.h"

#include <dlfcn.h>
#include <string.h>
#include <pthread.h>
#include <stdio.h>

#if defined(__APPLE__)
static const char *const library_names[] = {"libcurl.4.dylib"};
#else
static const char *const library_names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
#endif

// libcurl's own prototypes, with CURL * and struct curl_slist * as void * and CURLcode/CURLoption/CURLINFO
// (C enums) as int. setopt and getinfo are variadic, as in curl.h, and are only called with the argument
// type the option takes.
static struct {
  int (*global_init)(long flags);
  void *(*easy_init)(void);
  int (*easy_setopt)(void *handle, int option, ...);
  int (*easy_perform)(void *handle);
  int (*easy_getinfo)(void *handle, int info, ...);
  void (*easy_cleanup)(void *handle);
  const char *(*easy_strerror)(int code);
  void *(*slist_append)(void *list, const char *string);
  void (*slist_free_all)(void *list);
  int loaded;
  char error[512];
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/// dlsym into `*slot`; 0 (and the reason in curl.error) when the symbol is missing.
static int resolve(void *library, const char *name, void **slot) {
  *slot = dlsym(library, name);
  if (*slot == NULL) snprintf(curl.error, sizeof curl.error, "cannot load libcurl: %s is missing", name);
  return *slot != NULL;
}

static void load(void) {
  void *library = NULL;
  char first_error[256] = "";
  for (size_t index = 0; library == NULL && index < sizeof library_names / sizeof library_names[0]; index++) {
    library = dlopen(library_names[index], RTLD_NOW | RTLD_LOCAL);
    const char *reason = dlerror();
    if (library == NULL && index == 0) snprintf(first_error, sizeof first_error, "%s", reason ? reason : "unknown");
  }
  if (library == NULL) {
    // Out of descriptors is not a missing library: say which limit to raise, not what to install.
    if (strstr(first_error, "Too many open files") != NULL) {
      snprintf(curl.error, sizeof curl.error, "cannot load libcurl: too many open files (ulimit -n)");
    } else {
      snprintf(curl.error, sizeof curl.error, "cannot load libcurl (%s): %s; install libcurl4", library_names[0],
               first_error);
    }
    return;
  }
  // The POSIX way to store a dlsym result in a function pointer.
  if (!resolve(library, "curl_global_init", (void **)&curl.global_init) ||
      !resolve(library, "curl_easy_init", (void **)&curl.easy_init) ||
      !resolve(library, "curl_easy_setopt", (void **)&curl.easy_setopt) ||
      !resolve(library, "curl_easy_perform", (void **)&curl.easy_perform) ||
      !resolve(library, "curl_easy_getinfo", (void **)&curl.easy_getinfo) ||
      !resolve(library, "curl_easy_cleanup", (void **)&curl.easy_cleanup) ||
      !resolve(library, "curl_easy_strerror", (void **)&curl.easy_strerror) ||
      !resolve(library, "curl_slist_append", (void **)&curl.slist_append) ||
      !resolve(library, "curl_slist_free_all", (void **)&curl.slist_free_all)) {
    return;
  }
  if (curl.global_init(3L) != 0) {  // CURL_GLOBAL_DEFAULT (curl.h)
    snprintf(curl.error, sizeof curl.error, "cannot load libcurl: curl_global_init failed");
    return;
  }
  curl.loaded = 1;
}

int ctry_curl_load(char *error, size_t size) {
  pthread_once(&load_once, load);
  if (curl.loaded) return 0;
  if (error != NULL && size > 0) snprintf(error, size, "%s", curl.error);
  return -1;
}

// Every wrapper below runs after a successful ctry_curl_load (a handle comes only from
// ctry_curl_easy_init), except slist_append/free_all and strerror, which check.

void *ctry_curl_easy_init(void) { return curl.loaded ? curl.easy_init() : NULL; }

int ctry_curl_setopt_long(void *handle, int option, long value) { return curl.easy_setopt(handle, option, value); }

int ctry_curl_setopt_string(void *handle, int option, const char *value) {
  return curl.easy_setopt(handle, option, value);
}

int ctry_curl_setopt_pointer(void *handle, int option, void *value) { return curl.easy_setopt(handle, option, value); }

int ctry_curl_setopt_data_function(void *handle, int option, ctry_curl_data_callback function) {
  return curl.easy_setopt(handle, option, function);
}

int ctry_curl_setopt_xferinfo_function(void *handle, ctry_curl_xferinfo_callback function) {
  return curl.easy_setopt(handle, CTRY_CURLOPT_XFERINFOFUNCTION, function);
}

int ctry_curl_perform(void *handle) { return curl.easy_perform(handle); }

long ctry_curl_response_code(void *handle) {
  long code = 0;
  if (curl.easy_getinfo(handle, CTRY_CURLINFO_RESPONSE_CODE, &code) != 0) return 0;
  return code;
}

void ctry_curl_cleanup(void *handle) { curl.easy_cleanup(handle); }

void *ctry_curl_slist_append(void *list, const char *string) {
  return curl.loaded ? curl.slist_append(list, string) : NULL;
}

void ctry_curl_slist_free_all(void *list) {
  if (curl.loaded && list != NULL) curl.slist_free_all(list);
}

const char *ctry_curl_strerror(int code) { return curl.loaded ? curl.easy_strerror(code) : "libcurl is not loaded"; }
