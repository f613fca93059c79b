import CSQLite
import CountryModel
import CtrySystem
import FoundationEssentials
import Synchronization

/// An open catalog snapshot: its metadata at once, its indexes when the catalog is made, and each
/// record when it is first read, all through the one read-only connection (so a snapshot renamed into
/// place by another process meanwhile does not mix with this one).
package final class SnapshotReader: CountryRecords.Source {
  /// What happens when a record cannot be read after all: it does not return. `failure` is SQLite's
  /// error when the read itself failed, nil when the record is missing or does not decode (damage).
  package typealias Unreadable = @Sendable (_ position: Int, _ failure: SQLiteError?) -> Never

  private let connection: Mutex<Connection>
  private let unreadable: Unreadable

  /// The connection and its cached statement; touched only inside `connection.withLock`, which is
  /// what makes sending it between threads safe (SQLite itself is opened without its own mutex).
  private struct Connection: ~Copyable, @unchecked Sendable {
    let database: SQLiteDatabase
    var record: SQLiteStatement?
  }

  /// How long a read waits for another program's lock on the snapshot (an `sqlite3` session, a
  /// backup) before start-up answers from the bundled data instead.
  static let busyTimeoutMilliseconds: Int32 = 5000

  /// SQLite's page cache for the snapshot, in KiB.
  static let pageCacheKiB = 128

  package init(path: String, unreadable: @escaping Unreadable) throws(SQLiteError) {
    let database = try SQLiteDatabase(path: path, mode: .readOnly)
    database.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
    // Each index part and each record is read once and kept decoded, so SQLite's page cache would
    // only hold a second copy of the file: its default of 2 MB grew a shell by about 1 MB once the
    // index was read. A small cache keeps the tree's inner pages.
    try database.execute("PRAGMA cache_size = -\(Self.pageCacheKiB)")
    connection = Mutex(Connection(database: database))
    self.unreadable = unreadable
  }

  /// `PRAGMA user_version`: the snapshot format.
  package func formatVersion() throws(SQLiteError) -> Int64 {
    try withDatabase { database throws(SQLiteError) in try database.integer("PRAGMA user_version") ?? 0 }
  }

  /// The `meta` table.
  package func meta() throws(SQLiteError) -> [String: String] {
    try withDatabase { database throws(SQLiteError) in
      let statement = try database.prepare("SELECT key, value FROM meta")
      var meta: [String: String] = [:]
      while try statement.step() {
        if let key = statement.text(0), let value = statement.text(1) { meta[key] = value }
      }
      return meta
    }
  }

  /// Conditional-GET validators by request URL.
  package func validators() throws(SQLiteError) -> [String: Validator] {
    try withDatabase { database throws(SQLiteError) in
      let statement = try database.prepare("SELECT url, etag, last_modified FROM validator")
      var validators: [String: Validator] = [:]
      while try statement.step() {
        guard let url = statement.text(0) else { continue }
        validators[url] = Validator(etag: statement.text(1), lastModified: statement.text(2))
      }
      return validators
    }
  }

  /// The catalog over this snapshot: the index's start-up parts read now, its other parts and the
  /// records on first use.
  package func catalog(count: Int) throws(SQLiteError) -> CountryCatalog {
    countBox.withLock { $0 = count }
    let records = CountryRecords(count: count, source: self)
    // A deferred part that no longer reads is the one builder's, over these records.
    let rebuilt = Lazy<CatalogIndex>()
    let startUp = try parts(PackedIndex.Part.startUp)
    let index: CatalogIndex
    do throws(PackedIndex.Damaged) {
      index = try PackedIndex.index(
        count: count, startUp: startUp, later: { part in (try? self.parts([part]))?[part] },
        rebuilt: { rebuilt.value { CatalogIndex.build(from: records.all) } })
    } catch {
      throw Self.damaged("catalog_index")
    }
    return CountryCatalog(records: records, index: index)
  }

  /// Rows of the `catalog_index` table, by part (a missing row is left out).
  private func parts(_ parts: [PackedIndex.Part]) throws(SQLiteError) -> [PackedIndex.Part: [UInt8]] {
    try withDatabase { database throws(SQLiteError) in
      let statement = try database.prepare("SELECT data FROM catalog_index WHERE part = ?")
      var found: [PackedIndex.Part: [UInt8]] = [:]
      for part in parts {
        defer { statement.reset() }
        try statement.bind(1, part.rawValue)
        if try statement.step() { found[part] = statement.bytes(0) }
      }
      return found
    }
  }

  // MARK: CountryRecords.Source

  package func record(at position: Int) -> Country {
    let read = Result { () throws(SQLiteError) -> [UInt8]? in
      try withConnection { connection throws(SQLiteError) -> [UInt8]? in
        if connection.record == nil {
          connection.record = try connection.database.prepare("SELECT record FROM country WHERE position = ?")
        }
        guard let statement = connection.record else { return nil }
        defer { statement.reset() }
        try statement.bind(1, position)
        guard try statement.step() else { return nil }
        return statement.bytes(0)
      }
    }
    switch read {
    case .failure(let failure):
      unreadable(position, failure)
    case .success(let bytes):
      if let bytes, let country = try? CountryDecoding.record(bytes) { return country }
      unreadable(position, nil)
    }
  }

  package func allRecords() -> [Country] {
    let rows =
      (try? withConnection { connection -> [[UInt8]]? in
        do throws(SQLiteError) {
          let statement = try connection.database.prepare("SELECT record FROM country ORDER BY position")
          var rows: [[UInt8]] = []
          while try statement.step() { rows.append(statement.bytes(0)) }
          return rows
        } catch {
          return nil
        }
      }) ?? nil
    guard let rows, rows.count == count else { return (0..<count).map { record(at: $0) } }
    return rows.enumerated().map { position, bytes in
      if let country = try? CountryDecoding.record(bytes) { return country }
      unreadable(position, nil)
    }
  }

  // MARK: Helpers

  /// The number of records, set once the catalog is made.
  private var count: Int { countBox.withLock { $0 } }
  private let countBox = Mutex(0)

  private static func damaged(_ table: String) -> SQLiteError {
    SQLiteError(code: SQLITE_CORRUPT, message: "the \(table) table is damaged", context: "read")
  }

  private func withDatabase<T>(_ body: (SQLiteDatabase) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    try withConnection { connection throws(SQLiteError) in try body(connection.database) }
  }

  private func withConnection<T>(_ body: (inout Connection) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    try connection.withLock { connection throws(SQLiteError) in try body(&connection) }
  }
}
