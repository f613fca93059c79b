import CSQLite

/// A prepared statement of one `SQLiteConnection`: bind (1-based), step, read columns (0-based).
/// It keeps its connection open and is finalized when released.
final class SQLiteConnectionStatement {
  private let handle: OpaquePointer
  private let connection: SQLiteConnection
  private let sql: String

  init(_ handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
    self.handle = handle
    self.connection = connection
    self.sql = sql
  }

  deinit {
    sqlite3_finalize(handle)
  }

  func bind(_ text: String, at index: Int32) throws(CtryError) {
    let code = text.utf8CString.withUnsafeBufferPointer { buffer in
      ctry_sqlite3_bind_text_transient(handle, index, buffer.baseAddress, Int32(buffer.count - 1))
    }
    guard code == SQLITE_OK else { throw connection.error(code, doing: sql) }
  }

  func bind(_ value: Int, at index: Int32) throws(CtryError) {
    let code = sqlite3_bind_int64(handle, index, Int64(value))
    guard code == SQLITE_OK else { throw connection.error(code, doing: sql) }
  }

  /// Advances to the next row: `true` when there is one, `false` when the statement is done.
  @discardableResult
  func step() throws(CtryError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw connection.error(code, doing: sql)
    }
  }

  /// Makes the statement ready to run again, keeping its bindings.
  func reset() {
    sqlite3_reset(handle)
  }

  func text(_ column: Int32) -> String? {
    guard let bytes = sqlite3_column_text(handle, column) else { return nil }
    return String(cString: bytes)
  }

  func int(_ column: Int32) -> Int {
    Int(sqlite3_column_int64(handle, column))
  }

  /// Every remaining row's first column, as text.
  func texts() throws(CtryError) -> [String] {
    var values: [String] = []
    while try step() {
      if let value = text(0) { values.append(value) }
    }
    return values
  }
}
