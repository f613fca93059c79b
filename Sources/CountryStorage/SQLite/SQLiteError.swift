import CSQLite

/// A failed SQLite call: the result code (primary and extended) and SQLite's own message.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The extended result code (`sqlite3_extended_errcode`), e.g. `SQLITE_BUSY_SNAPSHOT`.
  public let extendedCode: Int32
  public let message: String
  /// What ctry was doing: `prepare`, `step`, `open /path`…
  public let context: String
  /// The operating system's errno behind an I/O failure (`sqlite3_system_errno`), 0 when none.
  public let systemCode: Int32

  public init(code: Int32, message: String, context: String, systemCode: Int32 = 0) {
    self.extendedCode = code
    self.message = message
    self.context = context
    self.systemCode = systemCode
  }

  /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, `SQLITE_NOTADB`…).
  public var code: Int32 { extendedCode & 0xFF }

  /// The file is not a database, or is damaged: it should be moved aside and rebuilt.
  public var isCorruption: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

  /// Another connection holds the lock longer than the busy timeout.
  public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

  public var description: String { "\(context): \(message) (\(extendedCode))" }
}

extension SQLiteError {
  /// A primary SQLite result code in ctry's words.
  package static func words(forCode code: Int32) -> String {
    switch code {
    case SQLITE_NOTADB: return "file is not a database"
    case SQLITE_CORRUPT: return "the file is damaged"
    case SQLITE_IOERR: return "input/output error"
    case SQLITE_FULL: return "the disk is full"
    case SQLITE_CANTOPEN: return "the file cannot be opened"
    case SQLITE_READONLY: return "the file is read-only"
    case SQLITE_PERM, SQLITE_AUTH: return "permission denied"
    case SQLITE_BUSY, SQLITE_LOCKED: return "locked by another program"
    case SQLITE_NOMEM: return "out of memory"
    case SQLITE_TOOBIG: return "a value is too large"
    default: return "SQLite error \(code)"
    }
  }

}
