import CSQLite
import CtrySystem

/// One SQLite connection (`sqlite3*`), closed when released.
///
/// Not `Sendable`: a connection belongs to one owner at a time (an actor, or a `Mutex` around it).
/// Every call that can fail throws `SQLiteError` with SQLite's message.
public final class SQLiteDatabase {
  /// How to open the file.
  public enum Mode: Sendable {
    case readOnly
    case readWrite
    /// Read-write, creating the file when missing.
    case readWriteCreate

    var flags: Int32 {
      let common = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
      switch self {
      case .readOnly: return common | SQLITE_OPEN_READONLY
      case .readWrite: return common | SQLITE_OPEN_READWRITE
      case .readWriteCreate: return common | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
      }
    }
  }

  let handle: OpaquePointer
  /// The file name, or `:memory:`.
  public let path: String

  /// Opens `path` (`":memory:"` for a private in-memory database).
  public init(path: String, mode: Mode = .readWriteCreate) throws(SQLiteError) {
    var handle: OpaquePointer?
    let status = sqlite3_open_v2(path, &handle, mode.flags, nil)
    guard status == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
      let systemCode = handle.map { sqlite3_system_errno($0) } ?? 0
      if let handle { sqlite3_close_v2(handle) }
      throw SQLiteError(code: status, message: message, context: "open \(path)", systemCode: systemCode)
    }
    self.handle = handle
    self.path = path
  }

  /// A private in-memory database.
  public static func inMemory() throws(SQLiteError) -> SQLiteDatabase {
    try SQLiteDatabase(path: ":memory:")
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// Waits up to `milliseconds` for another connection's lock before failing with `SQLITE_BUSY`.
  public func setBusyTimeout(milliseconds: Int32) {
    sqlite3_busy_timeout(handle, milliseconds)
  }

  /// Runs one or more statements that return no rows (schema, pragmas, `BEGIN`/`COMMIT`).
  public func execute(_ sql: String) throws(SQLiteError) {
    var message: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(handle, sql, nil, nil, &message)
    guard status == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? lastMessage
      sqlite3_free(message)
      throw SQLiteError(
        code: sqlite3_extended_errcode(handle), message: text, context: "execute",
        systemCode: sqlite3_system_errno(handle))
    }
  }

  /// Compiles one statement.
  public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v3(handle, sql, -1, 0, &statement, nil)
    guard status == SQLITE_OK, let statement else {
      throw error(status == SQLITE_OK ? SQLITE_MISUSE : status, "prepare \(sql.prefix(60))")
    }
    return SQLiteStatement(statement, database: self)
  }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it (or the commit) throws.
  /// `immediate` takes the write lock at the start (for read-modify-write).
  public func transaction<T>(immediate: Bool = false, _ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    try transaction(immediate: immediate, mapError: { $0 }, body)
  }

  /// Like `transaction(immediate:_:)`, for a body that throws its own errors: a failure of `BEGIN` or
  /// `COMMIT` is turned into one of them with `mapError`.
  public func transaction<T, Failure: Error>(
    immediate: Bool = false, mapError: (SQLiteError) -> Failure, _ body: () throws(Failure) -> T
  ) throws(Failure) -> T {
    do throws(SQLiteError) {
      try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
    } catch {
      throw mapError(error)
    }
    let value: T
    do throws(Failure) {
      value = try body()
    } catch {
      rollBack()
      throw error
    }
    do throws(SQLiteError) {
      try execute("COMMIT")
    } catch {
      rollBack()
      throw mapError(error)
    }
    return value
  }

  /// Ends the open transaction, unless SQLite already has (it rolls back by itself after some errors).
  private func rollBack() {
    if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
  }

  /// The first column of the first row of `sql`, as text (nil when there is no row or it is NULL).
  public func text(_ sql: String) throws(SQLiteError) -> String? {
    let statement = try prepare(sql)
    guard try statement.step() else { return nil }
    return statement.text(0)
  }

  /// The first column of the first row of `sql`, as an integer (nil when there is no row or it is NULL).
  public func integer(_ sql: String) throws(SQLiteError) -> Int64? {
    let statement = try prepare(sql)
    guard try statement.step() else { return nil }
    return statement.isNull(0) ? nil : statement.int64(0)
  }

  /// `PRAGMA quick_check`: nil when the database is sound, else SQLite's first complaint.
  public func quickCheckProblem() throws(SQLiteError) -> String? {
    let statement = try prepare("PRAGMA quick_check(1)")
    guard try statement.step() else { return "no answer from quick_check" }
    let answer = statement.text(0) ?? ""
    return answer == "ok" ? nil : answer
  }

  /// Rows changed by the last INSERT, UPDATE or DELETE.
  public var changes: Int { Int(sqlite3_changes(handle)) }

  var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

  func error(_ status: Int32, _ context: String) -> SQLiteError {
    let extended = sqlite3_extended_errcode(handle)
    return SQLiteError(
      code: extended == 0 ? status : extended, message: lastMessage, context: context,
      systemCode: sqlite3_system_errno(handle))
  }
}
