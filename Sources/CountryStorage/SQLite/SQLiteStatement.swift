import CSQLite

/// A prepared statement: bind parameters (1-based), `step()` through rows, read columns (0-based).
///
/// Finalized when released. Keeps its `SQLiteDatabase` alive.
public final class SQLiteStatement {
  let handle: OpaquePointer
  let database: SQLiteDatabase

  init(_ handle: OpaquePointer, database: SQLiteDatabase) {
    self.handle = handle
    self.database = database
  }

  deinit {
    sqlite3_finalize(handle)
  }

  // MARK: Binding

  public func bind(_ index: Int32, _ value: Int64) throws(SQLiteError) {
    try check(sqlite3_bind_int64(handle, index, value), "bind")
  }

  public func bind(_ index: Int32, _ value: Int) throws(SQLiteError) {
    try bind(index, Int64(value))
  }

  public func bind(_ index: Int32, _ value: Double) throws(SQLiteError) {
    try check(sqlite3_bind_double(handle, index, value), "bind")
  }

  /// Binds text, or NULL when `value` is nil. SQLite copies the bytes.
  public func bind(_ index: Int32, _ value: String?) throws(SQLiteError) {
    guard var text = value else { return try bindNull(index) }
    let status = text.withUTF8 { bytes -> Int32 in
      guard let base = bytes.baseAddress, !bytes.isEmpty else {
        return ctry_sqlite3_bind_text_transient(handle, index, "", 0)
      }
      return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        ctry_sqlite3_bind_text_transient(handle, index, $0, Int32(bytes.count))
      }
    }
    try check(status, "bind")
  }

  /// Binds a blob (an empty blob is a zero-length blob, not NULL). SQLite copies the bytes.
  public func bind(_ index: Int32, blob: [UInt8]) throws(SQLiteError) {
    try check(blob.withUnsafeBytes { bindBlob(index, $0) }, "bind")
  }

  /// Binds the bytes as a blob. SQLite copies them.
  public func bind(_ index: Int32, bytes: UnsafeRawBufferPointer) throws(SQLiteError) {
    try check(bindBlob(index, bytes), "bind")
  }

  private func bindBlob(_ index: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
    return ctry_sqlite3_bind_blob_transient(handle, index, base, Int32(bytes.count))
  }

  public func bindNull(_ index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_null(handle, index), "bind")
  }

  /// Clears the bindings and rewinds, ready for the next set of parameters.
  public func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  // MARK: Stepping

  /// Advances to the next row: true when there is one, false when done.
  @discardableResult
  public func step() throws(SQLiteError) -> Bool {
    let status = sqlite3_step(handle)
    switch status {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw database.error(status, "step")
    }
  }

  /// Runs the statement to completion (an INSERT, UPDATE or DELETE), then resets it for reuse.
  public func run() throws(SQLiteError) {
    defer { reset() }
    while try step() {}
  }

  // MARK: Columns

  public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

  public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

  public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

  public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

  /// The column as text, nil when NULL.
  public func text(_ column: Int32) -> String? {
    guard let pointer = sqlite3_column_text(handle, column) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// The column's bytes (a blob, or text as UTF-8); empty when NULL.
  public func bytes(_ column: Int32) -> [UInt8] {
    let count = Int(sqlite3_column_bytes(handle, column))
    guard count > 0, let pointer = sqlite3_column_blob(handle, column) else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  /// Every remaining row's first column, as text (NULLs left out).
  public func texts() throws(SQLiteError) -> [String] {
    var values: [String] = []
    while try step() {
      if let value = text(0) { values.append(value) }
    }
    return values
  }

  private func check(_ status: Int32, _ context: String) throws(SQLiteError) {
    guard status == SQLITE_OK else { throw database.error(status, context) }
  }
}
