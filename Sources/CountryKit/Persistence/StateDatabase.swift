import CSQLite
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The user's own data, favorites and the saved home country, in one SQLite database:
/// `state.sqlite` in the data directory (`$XDG_DATA_HOME/ctry/`).
///
/// - Every change is one `BEGIN IMMEDIATE` transaction in WAL mode with a busy timeout, so several
///   ctry processes never lose each other's edits, and limits are checked inside the transaction.
/// - A connection is opened per operation and closed after it: nothing is held between commands, and
///   commands that don't touch favorites or home never open the database.
/// - Reading never creates the database: with no database (and no old files to import) there is
///   simply nothing stored.
/// - The first time the database is created, the JSON files of ctry ≤ 1.x (`favorites.json`,
///   `home.json`) are imported in the same transaction and then renamed `NAME.imported`; the database
///   records the import, so it happens once.
/// - A file that is not a database or fails `PRAGMA quick_check` is moved aside as
///   `state.sqlite.corrupt-<timestamp>` (with its `-wal` and `-shm`), one warning line is queued
///   (`drainWarnings`), and a new database is created. It is never overwritten in place.
public final class StateDatabase: Sendable {
  public static let fileName = "state.sqlite"
  /// `PRAGMA user_version` of the current schema.
  static let schemaVersion = 1

  /// The data directory.
  public let directory: String
  /// `DIRECTORY/state.sqlite`.
  public let path: String
  let legacyFavoritesPath: String
  let legacyHomePath: String
  let busyTimeoutMilliseconds: Int32
  private let warnings = Mutex<[String]>([])

  public init(directory: String, busyTimeout: Duration = .seconds(5)) {
    self.directory = directory
    path = "\(directory)/\(Self.fileName)"
    legacyFavoritesPath = "\(directory)/favorites.json"
    legacyHomePath = "\(directory)/home.json"
    busyTimeoutMilliseconds = Int32(min(max(busyTimeout.inSeconds * 1000, 0), Double(Int32.max)))
  }

  /// The database in `paths.dataDirectory`.
  public convenience init(paths: AppPaths) {
    self.init(directory: paths.dataDirectory)
  }

  /// Warnings (a database or an old file set aside) since the last call, one line each.
  public func drainWarnings() -> [String] {
    warnings.withLock { pending in
      defer { pending = [] }
      return pending
    }
  }

  // MARK: - Operations

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction, creating the database when needed.
  /// SQLite's errors become `CtryError`s that name the database; `body`'s own `CtryError`s pass through.
  func write<T>(_ body: (SQLiteDatabase) throws -> T) throws(CtryError) -> T {
    guard let database = try connect(create: true) else {
      throw CtryError(.io, "cannot create \(path)")
    }
    return try inTransaction(database, body)
  }

  /// Like `write`, but `nil` without touching anything when there is no database yet.
  func writeIfExists<T>(_ body: (SQLiteDatabase) throws -> T) throws(CtryError) -> T? {
    guard let database = try connect(create: false) else { return nil }
    return try inTransaction(database, body)
  }

  /// Runs `body` on an open database; `nil` when there is none yet (nothing is stored).
  func read<T>(_ body: (SQLiteDatabase) throws -> T) throws(CtryError) -> T? {
    guard let database = try connect(create: false) else { return nil }
    return try storeError { try body(database) }
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

  /// The `CtryError` for a failure in the store: a `CtryError` as it is, SQLite's named after the database.
  func ctryError(_ error: any Error) -> CtryError {
    if let failure = error as? StoreFailure { return ctryError(failure.error) }
    if let error = error as? CtryError { return error }
    guard let error = error as? SQLiteError else { return CtryError(.io, "\(path): \(error)") }
    switch error.code {
    case SQLITE_BUSY, SQLITE_LOCKED:
      return CtryError(
        .io, "\(path) is busy: another ctry kept it locked too long",
        hint: "try again; if it persists, look for a stuck ctry process")
    case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM:
      return CtryError(.io, "cannot write \(path): \(error.message)", hint: "check the directory and its permissions")
    case SQLITE_FULL:
      return CtryError(.io, "cannot write \(path): the disk is full")
    default:
      return CtryError(.io, "\(path): \(error.message) (\(error.context.prefix(40)))")
    }
  }

  // MARK: - Opening

  /// An open, checked, up-to-date connection; `nil` when `create` is false and there is nothing to open.
  private func connect(create: Bool) throws(CtryError) -> SQLiteDatabase? {
    var info = stat()
    if stat(path, &info) != 0 {
      let reason = errno
      guard reason == ENOENT else { throw unusable(String(cString: strerror(reason))) }
      let hasLegacyFiles = access(legacyFavoritesPath, F_OK) == 0 || access(legacyHomePath, F_OK) == 0
      // No old files: nothing to read, unless another ctry created the database (and renamed
      // the old files) in the meantime.
      if !create && !hasLegacyFiles && stat(path, &info) != 0 { return nil }
      do throws(CtryError) {
        try AtomicFile.ensureDirectory(directory)
      } catch {
        throw unusable(error.message)
      }
    }
    // Another ctry may set a damaged file aside and start a new one while this one opens it: the
    // file opened is then no longer the one at `path`, and opening again finds the new one.
    for _ in 0..<3 {
      switch try openChecked() {
      case .ready(let connection):
        return connection
      case .replaced:
        continue
      case .corrupt(let detail):
        try setAside(detail)
        switch try openChecked() {
        case .ready(let connection): return connection
        case .replaced: continue
        case .corrupt(let detail): throw CtryError(.io, "\(path) is still unusable after setting it aside: \(detail)")
        }
      }
    }
    throw CtryError(.io, "\(path) keeps being replaced while it is opened", hint: "try again")
  }

  private enum Opened {
    case ready(SQLiteDatabase)
    case corrupt(String)
    /// The file was replaced by another process while this one had it open.
    case replaced
  }

  /// The inode at `path`, or nil.
  private func inode() -> ino_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_ino : nil
  }

  /// Opens the database, checks it and brings its schema up to date.
  private func openChecked() throws(CtryError) -> Opened {
    let opened = inode()
    let database: SQLiteDatabase
    do throws(SQLiteError) {
      database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
    } catch {
      throw unusable("cannot open \(path): \(error.message)")
    }
    database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    do throws(StoreFailure) {
      // Switching a new database to WAL needs a moment alone with it; the busy handler
      // does not always apply there, so wait the same time by hand.
      try retryWhileBusy { () throws(SQLiteError) in
        _ = try database.text("PRAGMA journal_mode = WAL")
      }
      try StoreFailure.catching {
        try database.execute("PRAGMA synchronous = FULL")
        let check = try database.text("PRAGMA quick_check(1)")
        guard check == "ok" else { throw Corrupt(detail: "quick_check: \(check ?? "no answer")") }
        let version = Int(try database.integer("PRAGMA user_version") ?? 0)
        if version > Self.schemaVersion {
          throw CtryError(
            .data, "\(path) was written by a newer ctry (format \(version), this one reads \(Self.schemaVersion))",
            hint: "upgrade ctry")
        }
        if version < Self.schemaVersion { try setUp(database) }
      }
    } catch {
      if inode() != opened { return .replaced }
      if let corrupt = error.error as? Corrupt { return .corrupt(corrupt.detail) }
      if let failure = error.error as? SQLiteError {
        if failure.isCorruption { return .corrupt(failure.message) }
        if [SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM].contains(failure.code) {
          throw unusable(ctryError(failure).message)
        }
      }
      throw ctryError(error)
    }
    return .ready(database)
  }

  private struct Corrupt: Error {
    let detail: String
  }

  private func retryWhileBusy(_ body: () throws(SQLiteError) -> Void) throws(StoreFailure) {
    let deadline = ContinuousClock.now + .milliseconds(Int(busyTimeoutMilliseconds))
    while true {
      do throws(SQLiteError) {
        try body()
        return
      } catch {
        guard error.isBusy, ContinuousClock.now < deadline else { throw StoreFailure(error) }
        usleep(5_000)
      }
    }
  }

  /// Creates the tables and imports the old JSON files, once, in one transaction.
  private func setUp(_ database: SQLiteDatabase) throws {
    let imported = try database.transaction(immediate: true, mapError: StoreFailure.init) {
      () throws(StoreFailure) -> [String] in
      try StoreFailure.catching {
        // Another process may have done it while this one waited for the lock.
        guard try database.integer("PRAGMA user_version") ?? 0 < Self.schemaVersion else { return [] }
        try database.execute(
          """
          CREATE TABLE IF NOT EXISTS favorites (position INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE);
          CREATE TABLE IF NOT EXISTS home (id INTEGER PRIMARY KEY CHECK (id = 1), code TEXT NOT NULL);
          CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
          """)
        let imported = try importLegacyFiles(database)
        let record = try database.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('legacy-import', ?)")
        try record.bind(1, imported.isEmpty ? "nothing to import" : imported.joined(separator: ", "))
        try record.run()
        try database.execute("PRAGMA user_version = \(Self.schemaVersion)")
        return imported
      }
    }
    for file in imported { Self.moveAside(file, to: "\(file).imported") }
  }

  private struct LegacyFavorites: Decodable {
    var favorites: [String]
  }

  private struct LegacyHome: Decodable {
    var home: String
  }

  /// Copies `favorites.json` and `home.json` into the tables; returns the files that were read.
  /// A file that does not parse is moved aside with a warning, as ctry 1.x did.
  private func importLegacyFiles(_ database: SQLiteDatabase) throws(SQLiteError) -> [String] {
    var imported: [String] = []
    if let data = try? AtomicFile.read(legacyFavoritesPath) {
      let file = try? JSONDecoder().decode(LegacyFavorites.self, from: data)
      // A list ctry could not have written (past the limit, a repeat) is set aside, not imported.
      if let file, let problem = FavoritesStore.problem(with: file.favorites) {
        let moved = AtomicFile.quarantine(legacyFavoritesPath)
        warn(
          "warning: \(legacyFavoritesPath) \(problem); "
            + (moved.map { "moved it to \($0)" } ?? "could not move it aside") + " and started with no favorites")
      } else if let file {
        let insert = try database.prepare("INSERT OR IGNORE INTO favorites (code) VALUES (?)")
        for code in file.favorites {
          try insert.bind(1, code)
          try insert.run()
        }
        imported.append(legacyFavoritesPath)
      } else {
        let moved = AtomicFile.quarantine(legacyFavoritesPath)
        warn(
          "warning: \(legacyFavoritesPath) could not be read; moved it to \(moved ?? "a .corrupt file") and started with no favorites"
        )
      }
    }
    if let data = try? AtomicFile.read(legacyHomePath) {
      if let file = try? JSONDecoder().decode(LegacyHome.self, from: data) {
        let insert = try database.prepare("INSERT OR IGNORE INTO home (id, code) VALUES (1, ?)")
        try insert.bind(1, file.home)
        try insert.run()
        imported.append(legacyHomePath)
      } else {
        let moved = AtomicFile.quarantine(legacyHomePath)
        warn("warning: \(legacyHomePath) could not be read; moved it to \(moved ?? "a .corrupt file")")
      }
    }
    return imported
  }

  // MARK: - Recovery

  /// Moves an unusable database aside, unless another ctry already did (checked under a lock on
  /// the directory, so two processes never set aside each other's new database).
  private func setAside(_ reason: String) throws(CtryError) {
    let detail = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
    let lock = open(directory, O_RDONLY | O_CLOEXEC)
    defer { if lock >= 0 { close(lock) } }
    if lock >= 0 {
      _ = SystemCall.retryingInterrupts { flock(lock, LOCK_EX) }
    }
    // Set aside only what still fails the check now that no one else can be setting it aside;
    // any other error (busy, unreadable) is reported, and the file left where it is.
    switch try openChecked() {
    case .ready, .replaced: return
    case .corrupt: break
    }
    // Its -wal and -shm go first: once the database itself has moved, another ctry may start a new
    // one at `path` at any moment, and the files beside it are then that one's.
    for suffix in ["-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
      AtomicFile.quarantine(path + suffix)
    }
    guard let moved = AtomicFile.quarantine(path) else {
      throw CtryError(
        .io, "\(path) is not a usable database (\(detail)) and could not be moved aside",
        hint: "move it away by hand")
    }
    warn("warning: \(path) is not a usable database (\(detail)); moved it to \(moved) and started a new one")
  }

  private func warn(_ line: String) {
    warnings.withLock { $0.append(line) }
  }

  private func unusable(_ reason: String) -> CtryError {
    CtryError(
      .io, "cannot use the data directory \(directory) for favorites and home (\(reason))",
      hint: "make it writable, or choose another with XDG_DATA_HOME or --data-dir")
  }

  /// Renames `source` to `target`, or to `target-N` when that exists; failures are ignored (the
  /// database already records the import).
  private static func moveAside(_ source: String, to target: String) {
    var candidate = target
    var suffix = 1
    while access(candidate, F_OK) == 0 {
      candidate = "\(target)-\(suffix)"
      suffix += 1
    }
    _ = rename(source, candidate)
  }
}
