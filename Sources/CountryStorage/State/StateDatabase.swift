import CSQLite
import CountryModel
import CtrySystem
import FoundationEssentials
import Glibc
import Synchronization

/// The user's own data, favorites and the saved home country, in one SQLite database:
/// `state.sqlite` in the data directory (`$XDG_DATA_HOME/ctry/`).
///
/// - Every change is one `BEGIN IMMEDIATE` transaction with a busy timeout, so several ctry processes
///   never lose each other's edits, and limits are checked inside the transaction. The database keeps
///   a rollback journal (`state.sqlite-journal`, only while a change commits): a read creates no file
///   and maps no shared memory.
/// - Commands that don't touch favorites or home never open the database. An operation's connection
///   is kept for the next one while the file stays as this process checked it (see `kept`); it holds
///   no lock between commands.
/// - Reading never creates the database: with no database there is simply nothing stored.
/// - A file that is not a database or fails `PRAGMA quick_check` is moved aside as
///   `state.sqlite.corrupt-<timestamp>` (with its journal, or its `-wal` and `-shm`), one warning line
///   is queued (`drainWarnings`), and a new database is created. It is never overwritten in place.
///   Every operation holds `state.sqlite.lock` shared, and setting aside holds it exclusively
///   (`FileLock`), so no operation anywhere uses the old file while it moves (a connection kept
///   between operations is idle, and is compared with the file before its next use). The checks run
///   once for each state of the file a process meets (see `openChecked`).
public final class StateDatabase: Sendable {
  public static let fileName = "state.sqlite"
  /// `PRAGMA user_version` of the current schema.
  static let schemaVersion = 1

  /// The data directory.
  public let directory: String
  /// `DIRECTORY/state.sqlite`.
  public let path: String
  let busyTimeoutMilliseconds: Int32
  private let warnings = Mutex<[String]>([])
  /// The state of the file that this process last checked and found sound (see `openChecked`).
  private let checked = Mutex<FileIdentity?>(nil)
  /// The connection of the last operation, kept for the next one while the file is the one this
  /// process checked, unchanged: the next operation then opens nothing and reads no schema. Between
  /// operations it holds no lock (a rollback journal takes SQLite's locks statement by statement), and
  /// each operation compares the file at `path` with it first, under the shared lock, so a file set
  /// aside or replaced meanwhile is never used through it.
  private let kept = Mutex<KeptConnection?>(nil)

  /// A connection and the state of the file it was kept with. It moves in and out of `kept` whole and
  /// is used by one operation at a time, which is what makes sending it between threads sound.
  private struct KeptConnection: @unchecked Sendable {
    let database: SQLiteDatabase
    let identity: FileIdentity
  }

  public init(directory: String, busyTimeout: Duration = .seconds(5)) {
    self.directory = directory
    path = "\(directory)/\(Self.fileName)"
    busyTimeoutMilliseconds = Int32(min(max(busyTimeout.inSeconds * 1000, 0), Double(Int32.max)))
  }

  /// The database in `paths.dataDirectory`.
  public convenience init(paths: AppPaths) {
    self.init(directory: paths.dataDirectory)
  }

  /// Warnings (a database set aside) since the last call, one line each.
  public func drainWarnings() -> [String] {
    warnings.withLock { pending in
      defer { pending = [] }
      return pending
    }
  }

  // MARK: - Operations

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction, creating the database when needed.
  /// SQLite's errors become `CtryError`s that name the database; `body`'s own `CtryError`s pass through.
  package func write<T>(_ body: (SQLiteDatabase) throws -> T) throws(CtryError) -> T {
    guard
      let value = try withConnection(create: true, { database throws(CtryError) in try inTransaction(database, body) })
    else {
      throw CtryError(.io, "cannot create \(path)")
    }
    return value
  }

  /// Like `write`, but `nil` without touching anything when there is no database yet.
  package func writeIfExists<T>(_ body: (SQLiteDatabase) throws -> T) throws(CtryError) -> T? {
    try withConnection(create: false) { database throws(CtryError) in try inTransaction(database, body) }
  }

  /// Runs `body` on an open database; `nil` when there is none yet (nothing is stored).
  package func read<T>(_ body: (SQLiteDatabase) throws -> T) throws(CtryError) -> T? {
    try withConnection(create: false) { database throws(CtryError) in try storeError { try body(database) } }
  }

  private func inTransaction<T>(_ database: SQLiteDatabase, _ body: (SQLiteDatabase) throws -> T) throws(CtryError) -> T
  {
    try storeError {
      try database.transaction(immediate: true, mapError: StoreFailure.init) { () throws(StoreFailure) in
        try StoreFailure.catching { try body(database) }
      }
    }
  }

  /// A failure inside the store: SQLite's, or the body's own `CtryError` (a refusal, a missing favorite).
  struct StoreFailure: Error {
    let error: any Error

    init(_ error: any Error) { self.error = error }

    static func catching<T>(_ body: () throws -> T) throws(StoreFailure) -> T {
      do {
        return try body()
      } catch let failure as StoreFailure {
        throw failure
      } catch {
        throw StoreFailure(error)
      }
    }
  }

  /// Runs `body`, turning its failure into the `CtryError` the user sees.
  private func storeError<T>(_ body: () throws -> T) throws(CtryError) -> T {
    do {
      return try body()
    } catch {
      throw ctryError(error)
    }
  }

  /// The `CtryError` for a failure in the store: a `CtryError` as it is, SQLite's in ctry's words,
  /// named after the database (never SQLite's own phrasing or the SQL that failed).
  func ctryError(_ error: any Error) -> CtryError {
    if let failure = error as? StoreFailure { return ctryError(failure.error) }
    if let error = error as? CtryError { return error }
    guard let error = error as? SQLiteError else { return CtryError(.io, "\(path): \(error)") }
    if let cause = FileProblem(afterWritingTo: path, systemCode: error.systemCode) { return cause.error(writing: path) }
    switch error.code {
    case SQLITE_BUSY, SQLITE_LOCKED:
      return busy
    case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM:
      return CtryError(.io, "cannot write \(path)", hint: "check the directory and its permissions")
    case SQLITE_FULL:
      return FileProblem.diskFull.error(writing: path)
    case SQLITE_ERROR, SQLITE_SCHEMA, SQLITE_MISMATCH, SQLITE_CONSTRAINT:
      return notOurs
    default:
      return CtryError(.io, "cannot use \(path): \(SQLiteError.words(forCode: error.code))")
    }
  }

  private var notOurs: CtryError {
    CtryError(
      .data, "\(path) is not a ctry state database (its tables are not the ones ctry keeps)",
      hint: "move it aside; ctry then starts a new one")
  }

  private var busy: CtryError {
    CtryError(
      .io, "\(path) is busy: another ctry kept it locked too long",
      hint: "try again; if it persists, look for a stuck ctry process")
  }

  // MARK: - Opening

  /// Runs `body` on an open, checked, up-to-date connection, holding the lock beside the database
  /// shared until `body` has run; nil when `create` is false and there is nothing to open.
  /// A damaged database is set aside under the exclusive lock first (see `FileLock`).
  private func withConnection<T>(create: Bool, _ body: (SQLiteDatabase) throws(CtryError) -> T) throws(CtryError)
    -> T?
  {
    guard try locate(create: create) else { return nil }
    let deadline = ContinuousClock.now + .milliseconds(Int(busyTimeoutMilliseconds))
    let lock = try lock(.shared, until: deadline)
    // The connection is released before the lock: `lock` lives to the end of this function, the
    // connection only to the end of `body`.
    defer { withExtendedLifetime(lock) {} }
    for _ in 0..<2 {
      switch try openChecked() {
      case .ready(let database):
        return try run(body, on: database, locked: lock != nil)
      case .corrupt(let detail):
        try setAside(detail, lock: lock, until: deadline)
      }
    }
    switch try openChecked() {
    case .ready(let database): return try run(body, on: database, locked: lock != nil)
    case .corrupt(let detail): throw CtryError(.io, "\(path) is still unusable after setting it aside: \(detail)")
    }
  }

  /// Runs `body` on `database`, then keeps the connection for the next operation when the file is
  /// still the one this process checked (not after a change, nor without the lock file).
  private func run<T>(_ body: (SQLiteDatabase) throws(CtryError) -> T, on database: SQLiteDatabase, locked: Bool)
    throws(CtryError) -> T
  {
    let result = try body(database)
    if locked, let identity = FileIdentity(path), checked.withLock({ $0 == identity }) {
      kept.withLock { $0 = KeptConnection(database: database, identity: identity) }
    }
    return result
  }

  /// Whether there is a database to open (or one may be created): checks what is at `path`, and
  /// creates the directory when needed.
  private func locate(create: Bool) throws(CtryError) -> Bool {
    var info = stat()
    if stat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFREG else { throw unusable("\(path) is not a regular file") }
      return true
    }
    let reason = errno
    guard reason == ENOENT else { throw unusable(String(cString: strerror(reason))) }
    if !create { return false }
    do throws(CtryError) {
      try AtomicFile.ensureDirectory(directory)
    } catch {
      throw unusable(error.message)
    }
    return true
  }

  /// The lock beside the database (`state.sqlite.lock`) in `mode`; nil in a directory where it
  /// cannot be created (read-only: nothing can be set aside or created there either).
  private func lock(_ mode: FileLock.Mode, until deadline: ContinuousClock.Instant) throws(CtryError) -> FileLock? {
    do throws(FileLock.Failure) {
      return try FileLock.acquire(path + ".lock", mode, until: deadline)
    } catch {
      throw lockError(error)
    }
  }

  private func lockError(_ failure: FileLock.Failure) -> CtryError {
    switch failure {
    case .timedOut: return busy
    case .notARegularFile(let path): return unusable("\(path) is not a regular file")
    case .system(let error, let path):
      if let cause = FileProblem(systemCode: error.code) { return cause.error(writing: path) }
      return unusable("\(path): \(error)")
    }
  }

  private enum Opened {
    case ready(SQLiteDatabase)
    case corrupt(String)
  }

  /// Opens the database, checks it and brings its schema up to date. The checks (integrity, format,
  /// tables) are made once for each state of the file that this process meets: an
  /// operation on the file it last found sound, unchanged since (same inode, size and modification
  /// time, see `FileIdentity.isSettled`), skips them, and 5 of a read's 6 statements with them.
  private func openChecked() throws(CtryError) -> Opened {
    let identity = FileIdentity(path)
    let known = identity != nil && checked.withLock { $0 == identity }
    // The kept connection serves only the file it was kept with; any other drops it (and closes it).
    if let reused = kept.withLock({ $0.take() }), known, reused.identity == identity {
      return .ready(reused.database)
    }
    let database: SQLiteDatabase
    do throws(SQLiteError) {
      database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
    } catch {
      if let cause = FileProblem(systemCode: error.systemCode) { throw cause.error(writing: path) }
      throw unusable("cannot open \(path): \(SQLiteError.words(forCode: error.code))")
    }
    database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    do throws(StoreFailure) {
      if !known { try check(database) }
      try StoreFailure.catching { try database.execute("PRAGMA synchronous = FULL") }
    } catch {
      if let corrupt = error.error as? Corrupt { return .corrupt(corrupt.detail) }
      if let failure = error.error as? SQLiteError {
        if failure.isCorruption { return .corrupt(SQLiteError.words(forCode: failure.code)) }
        if FileProblem(systemCode: failure.systemCode) == nil,
          [SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM].contains(failure.code)
        {
          throw unusable(ctryError(failure).message)
        }
      }
      throw ctryError(error)
    }
    if !known, let identity = FileIdentity(path), identity.isSettled {
      checked.withLock { $0 = identity }
    }
    return .ready(database)
  }

  /// Checks a database before anything is written, so one that is damaged, newer or another
  /// program's is left exactly as it is; then brings its schema up to date.
  private func check(_ database: SQLiteDatabase) throws(StoreFailure) {
    let version = try StoreFailure.catching { () throws -> Int in
      let check = try database.text("PRAGMA quick_check(1)")
      guard check == "ok" else { throw Corrupt(detail: "quick_check: \(check ?? "no answer")") }
      let version = Int(try database.integer("PRAGMA user_version") ?? 0)
      if version > Self.schemaVersion {
        throw CtryError(
          .data, "\(path) was written by a newer ctry (format \(version), this one reads \(Self.schemaVersion))",
          hint: "upgrade ctry")
      }
      let foreign = try database.integer(
        "SELECT count(*) FROM sqlite_master WHERE name NOT IN ('favorites', 'home', 'meta') "
          + "AND name NOT LIKE 'sqlite_%'")
      if foreign ?? 0 > 0 { throw notOurs }
      return version
    }
    if version < Self.schemaVersion { try StoreFailure.catching { try setUp(database) } }
  }

  /// A file's identity and last change, as `stat` gives them.
  private struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec

    init?(_ path: String) {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int64(info.st_size)
      modified = info.st_mtim
    }

    /// Whether the last change is old enough that any later one must show a later time. A file system
    /// may stamp times from a coarse clock (a few milliseconds a tick), so a change made within the same
    /// tick as the one recorded would look like no change; a file changed less than 50 ms ago is checked
    /// again next time rather than remembered (as git treats a racily clean index entry).
    var isSettled: Bool {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      let age = Double(now.tv_sec - modified.tv_sec) + Double(now.tv_nsec - modified.tv_nsec) / 1e9
      return age > 0.05
    }

    static func == (a: Self, b: Self) -> Bool {
      a.device == b.device && a.inode == b.inode && a.size == b.size && a.modified.tv_sec == b.modified.tv_sec
        && a.modified.tv_nsec == b.modified.tv_nsec
    }
  }

  private struct Corrupt: Error {
    let detail: String
  }

  /// Creates the tables, once, in one transaction.
  private func setUp(_ database: SQLiteDatabase) throws {
    try database.transaction(immediate: true, mapError: StoreFailure.init) { () throws(StoreFailure) in
      try StoreFailure.catching {
        // Another process may have done it while this one waited for the lock.
        guard try database.integer("PRAGMA user_version") ?? 0 < Self.schemaVersion else { return }
        try database.execute(
          """
          CREATE TABLE IF NOT EXISTS favorites (position INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE);
          CREATE TABLE IF NOT EXISTS home (id INTEGER PRIMARY KEY CHECK (id = 1), code TEXT NOT NULL);
          CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
          """)
        try database.execute("PRAGMA user_version = \(Self.schemaVersion)")
      }
    }
  }

  // MARK: - Recovery

  /// Moves a damaged database aside, under the exclusive lock: no operation uses it then, in this
  /// process or another, so its journal (or `-wal` and `-shm`) can move with it and the new database
  /// at `path` shares nothing with the old one (a kept connection to it is dropped at its next use). The check is repeated first, since another
  /// ctry may have set it aside while this one waited. The lock is shared again on return.
  private func setAside(_ reason: String, lock: FileLock?, until deadline: ContinuousClock.Instant) throws(CtryError) {
    let detail = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
    guard let lock else {
      throw CtryError(
        .io, "\(path) is not a usable database (\(detail)) and could not be moved aside: its directory is read-only",
        hint: "move it away by hand")
    }
    do throws(FileLock.Failure) {
      try lock.change(to: .exclusive, until: deadline)
    } catch {
      throw lockError(error)
    }
    if case .corrupt = try openChecked() {
      for suffix in ["-journal", "-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
        AtomicFile.quarantine(path + suffix)
      }
      guard let moved = AtomicFile.quarantine(path) else {
        throw CtryError(
          .io, "\(path) is not a usable database (\(detail)) and could not be moved aside",
          hint: "move it away by hand")
      }
      warn("warning: \(path) is not a usable database (\(detail)); moved it to \(moved) and started a new one")
    }
    do throws(FileLock.Failure) {
      try lock.change(to: .shared, until: deadline)
    } catch {
      throw lockError(error)
    }
  }

  private func warn(_ line: String) {
    warnings.withLock { $0.append(line) }
  }

  private func unusable(_ reason: String) -> CtryError {
    CtryError(
      .io, "cannot use the data directory \(directory) for favorites and home (\(reason))",
      fact: StateProblem.dataDirectoryUnusable(directory: directory))
  }
}
