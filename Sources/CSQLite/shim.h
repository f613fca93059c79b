#ifndef CTRY_CSQLITE_SHIM_H
#define CTRY_CSQLITE_SHIM_H
// SQLite's C API (Debian's libsqlite3-dev). SQLITE_TRANSIENT is a cast macro that Swift cannot
// import, so the binds that need it have small typed wrappers here.
#include <sqlite3.h>

static inline int ctry_sqlite3_bind_text_transient(sqlite3_stmt *stmt, int index, const char *text, int bytes) {
  return sqlite3_bind_text(stmt, index, text, bytes, SQLITE_TRANSIENT);
}
static inline int ctry_sqlite3_bind_blob_transient(sqlite3_stmt *stmt, int index, const void *blob, int bytes) {
  return sqlite3_bind_blob(stmt, index, blob, bytes, SQLITE_TRANSIENT);
}

#endif
