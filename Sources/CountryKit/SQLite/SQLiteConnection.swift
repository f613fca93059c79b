import CSQLite

/// One open SQLite database: open, execute, prepare, transactions. Errors are `CtryError`s that
/// name the database; `lastResultCode` tells what SQLite said (for example `SQLITE_NOTADB`).
///
/// Not thread-safe: one connection belongs to one task at a time (the state stores open one per change).
final class SQLiteConnection {
  /// A SQLite result code that the caller may want to tell apart.
  enum Failure {
    case busy
    case corrupt
    /// The file or its directory cannot be opened or written.
    case cannotWrite
    case other
  }

  let path: String
  private let handle: OpaquePointer

  /// Opens `path`; `create` makes the file when it is missing.
  init(path: String, create: Bool) throws(CtryError) {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
      sqlite3_close_v2(handle)
      throw CtryError(.io, "cannot open \(path): \(message)")
    }
    self.path = path
    self.handle = handle
    sqlite3_extended_result_codes(handle, 1)
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Waits up to `milliseconds` for another connection's lock before a statement fails as busy.
  func setBusyTimeout(milliseconds: Int32) {
    sqlite3_busy_timeout(handle, milliseconds)
  }

  /// The primary result code of the last failure thrown from this connection (`SQLITE_OK` before any).
  private(set) var lastErrorCode = SQLITE_OK
  /// SQLite's words for that failure.
  private(set) var lastErrorMessage = ""

  /// What kind of failure the last thrown error was.
  var lastFailure: Failure {
    switch lastErrorCode {
    case SQLITE_BUSY, SQLITE_LOCKED: return .busy
    case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt
    case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM: return .cannotWrite
    default: return .other
    }
  }

  /// Runs one or more statements that return no rows.
  func execute(_ sql: String) throws(CtryError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code, doing: sql) }
  }

  func prepare(_ sql: String) throws(CtryError) -> SQLiteConnectionStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw error(code, doing: sql) }
    return SQLiteConnectionStatement(statement, connection: self, sql: sql)
  }

  /// The first column of the first row of `sql`, as text (`nil` for no row or NULL).
  func scalarText(_ sql: String) throws(CtryError) -> String? {
    let statement = try prepare(sql)
    return try statement.step() ? statement.text(0) : nil
  }

  /// The first column of the first row of `sql`, as an integer (0 for no row).
  func scalarInt(_ sql: String) throws(CtryError) -> Int {
    let statement = try prepare(sql)
    return try statement.step() ? statement.int(0) : 0
  }

  /// Rows changed by the last INSERT, UPDATE or DELETE.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// Runs `body` in one transaction: `BEGIN IMMEDIATE` takes the write lock first, so the reads in
  /// `body` see what the writes will change. Commits when `body` returns, rolls back when it throws.
  func immediateTransaction<T>(_ body: () throws(CtryError) -> T) throws(CtryError) -> T {
    try execute("BEGIN IMMEDIATE")
    let value: T
    do throws(CtryError) {
      value = try body()
    } catch {
      rollBack()
      throw error
    }
    do throws(CtryError) {
      try execute("COMMIT")
    } catch {
      rollBack()
      throw error
    }
    return value
  }

  /// Ends the open transaction, if SQLite has not already; keeps `lastErrorCode` for the caller.
  private func rollBack() {
    if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
  }

  /// A `CtryError` for result `code`, naming the database and what SQLite said; remembers the code.
  func error(_ code: Int32, doing what: String) -> CtryError {
    lastErrorCode = code & 0xff
    let message = String(cString: sqlite3_errmsg(handle))
    lastErrorMessage = message
    switch code & 0xff {
    case SQLITE_BUSY, SQLITE_LOCKED:
      return CtryError(
        .io, "\(path) is busy: another ctry kept it locked too long",
        hint: "try again; if it persists, look for a stuck ctry process")
    case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM:
      return CtryError(.io, "cannot write \(path): \(message)", hint: "check the directory and its permissions")
    case SQLITE_FULL:
      return CtryError(.io, "cannot write \(path): the disk is full")
    default:
      return CtryError(.io, "\(path): \(message) (\(what.prefix(40)))")
    }
  }
}
