#ifndef CTRY_CCURL_H
#define CTRY_CCURL_H

#include <stddef.h>
#include <stdint.h>

// libcurl, loaded with dlopen on first use, so that programs that never make an HTTP request do not map
// it (and its ~30 dependencies) at start-up. No curl headers are needed: the few constants used are
// copied below from curl 7.88's curl.h (stable ABI values), and the wrappers are typed, non-variadic
// functions that call libcurl's variadic curl_easy_setopt/curl_easy_getinfo with the right argument type.

// CURLoption values (curl.h: CURLOPTTYPE_LONG 0, _OBJECTPOINT 10000, _FUNCTIONPOINT 20000, plus the number).
#define CTRY_CURLOPT_WRITEDATA 10001
#define CTRY_CURLOPT_URL 10002
#define CTRY_CURLOPT_ERRORBUFFER 10010
#define CTRY_CURLOPT_USERAGENT 10018
#define CTRY_CURLOPT_LOW_SPEED_LIMIT 19
#define CTRY_CURLOPT_LOW_SPEED_TIME 20
#define CTRY_CURLOPT_HTTPHEADER 10023
#define CTRY_CURLOPT_HEADERDATA 10029
#define CTRY_CURLOPT_NOPROGRESS 43
#define CTRY_CURLOPT_FOLLOWLOCATION 52
#define CTRY_CURLOPT_XFERINFODATA 10057
#define CTRY_CURLOPT_MAXREDIRS 68
#define CTRY_CURLOPT_NOSIGNAL 99
#define CTRY_CURLOPT_ACCEPT_ENCODING 10102
#define CTRY_CURLOPT_TIMEOUT_MS 155
#define CTRY_CURLOPT_CONNECTTIMEOUT_MS 156
#define CTRY_CURLOPT_WRITEFUNCTION 20011
#define CTRY_CURLOPT_HEADERFUNCTION 20079
#define CTRY_CURLOPT_XFERINFOFUNCTION 20219
#define CTRY_CURLOPT_PROTOCOLS_STR 10318  // since curl 7.85
#define CTRY_CURLOPT_REDIR_PROTOCOLS_STR 10319  // since curl 7.85

// CURLINFO_RESPONSE_CODE (curl.h: CURLINFO_LONG 0x200000 + 2).
#define CTRY_CURLINFO_RESPONSE_CODE 0x200002

// CURL_ERROR_SIZE (curl.h): the least size of a CURLOPT_ERRORBUFFER buffer.
#define CTRY_CURL_ERROR_SIZE 256

// CURLcode values (curl.h).
#define CTRY_CURLE_OK 0
#define CTRY_CURLE_COULDNT_RESOLVE_PROXY 5
#define CTRY_CURLE_COULDNT_RESOLVE_HOST 6
#define CTRY_CURLE_COULDNT_CONNECT 7
#define CTRY_CURLE_WEIRD_SERVER_REPLY 8
#define CTRY_CURLE_PARTIAL_FILE 18
#define CTRY_CURLE_OUT_OF_MEMORY 27
#define CTRY_CURLE_OPERATION_TIMEDOUT 28
#define CTRY_CURLE_ABORTED_BY_CALLBACK 42
#define CTRY_CURLE_GOT_NOTHING 52
#define CTRY_CURLE_SEND_ERROR 55
#define CTRY_CURLE_RECV_ERROR 56
#define CTRY_CURLE_TOO_LARGE 100

/// curl_write_callback: CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*ctry_curl_data_callback)(char *data, size_t size, size_t count, void *userdata);
/// curl_xferinfo_callback (curl_off_t is a signed 64-bit integer); non-zero aborts the transfer.
typedef int (*ctry_curl_xferinfo_callback)(
  void *userdata, int64_t download_total, int64_t download_now, int64_t upload_total, int64_t upload_now);

/// Loads libcurl and runs curl_global_init, once per process. 0 when libcurl is usable; otherwise -1,
/// with a one-line reason in `error` (always NUL-terminated when `size` > 0).
int ctry_curl_load(char *error, size_t size);

/// curl_easy_init; NULL when libcurl is not loaded or out of memory.
void *ctry_curl_easy_init(void);
/// curl_easy_setopt for a `long` option. Returns the CURLcode.
int ctry_curl_setopt_long(void *handle, int option, long value);
/// curl_easy_setopt for a string option (libcurl copies the string).
int ctry_curl_setopt_string(void *handle, int option, const char *value);
/// curl_easy_setopt for an object-pointer option (user data, a header list, the error buffer).
int ctry_curl_setopt_pointer(void *handle, int option, void *value);
/// curl_easy_setopt for CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION.
int ctry_curl_setopt_data_function(void *handle, int option, ctry_curl_data_callback function);
/// curl_easy_setopt for CURLOPT_XFERINFOFUNCTION.
int ctry_curl_setopt_xferinfo_function(void *handle, ctry_curl_xferinfo_callback function);
/// curl_easy_perform. Returns the CURLcode.
int ctry_curl_perform(void *handle);
/// The last response's status code (CURLINFO_RESPONSE_CODE); 0 when none arrived.
long ctry_curl_response_code(void *handle);
/// curl_easy_cleanup.
void ctry_curl_cleanup(void *handle);
/// curl_slist_append: the (possibly new) head of the list, NULL on failure (the old list is kept).
void *ctry_curl_slist_append(void *list, const char *string);
/// curl_slist_free_all (NULL is fine).
void ctry_curl_slist_free_all(void *list);
/// curl_easy_strerror: a static description of a CURLcode.
const char *ctry_curl_strerror(int code);

#endif
