import CountryModel
import CtrySystem
import FoundationEssentials
import Glibc

/// Writes a catalog snapshot: the records as v3.1 JSON and the catalog's index, into a temporary
/// file in the same directory, flushed, then renamed over the old snapshot (`AtomicFile.Replacement`). A reader sees the old file
/// or the new one, never a torn one.
///
/// The rename happens under the exclusive lock beside the snapshot (`catalog.sqlite.lock`, see
/// `FileLock`), the one that setting a damaged snapshot aside takes too, so a snapshot rebuilt from
/// the bundled data never replaces one that another ctry has just refreshed.
package enum SnapshotWriter {
  /// What the new snapshot may replace.
  package enum Replacing: Equatable {
    /// Whatever is there (a refresh: the newest data wins).
    case anything
    /// Only the file with this inode, or nothing when nil (a rebuild: a file someone else put there
    /// meanwhile is newer and stays).
    case only(ino_t?)
  }

  /// Each record as its conformance encodes it (`JSONStreamEncoder`), or nil for one that cannot be
  /// encoded: the bytes the snapshot stores. A refresh encodes its records before it checks them
  /// (`Refresher.problem(with:encoded:)` reads their sizes) and hands the same bytes to `write`. The
  /// keys of a record's dictionaries follow their order, which Swift seeds per process;
  /// Scripts/install builds the snapshot it ships with SWIFT_DETERMINISTIC_HASHING so that two builds
  /// give the same bytes.
  package static func encode(_ countries: [Country]) -> [[UInt8]?] {
    countries.map { try? JSONStreamEncoder.encode($0) }
  }

  /// Returns the size of the records' JSON, and whether the new file was put in place (it is not
  /// when `replacing` did not match what was there). `records`: the catalog's records encoded
  /// (`encode`), in its order; nil to encode them here.
  @discardableResult
  package static func write(
    _ catalog: CountryCatalog, records: [[UInt8]?]? = nil, meta: [String: String], validators: [String: Validator],
    to path: String, replacing: Replacing = .anything
  ) throws(CtryError) -> (bytes: Int, placed: Bool) {
    let replacement = AtomicFile.Replacement(of: path)
    let directory = replacement.directory
    do throws(CtryError) {
      try AtomicFile.ensureDirectory(directory)
    } catch {
      throw CtryError(.io, "cannot write the catalog snapshot in \(directory): \(error.message)", hint: error.hint)
    }
    let bytes: Int
    do throws(CtryError) {
      bytes = try fill(
        replacement.temporary, catalog: catalog, records: records ?? encode(catalog.records.all), meta: meta,
        validators: validators)
      do throws(SystemCallError) {
        try replacement.flush()
      } catch {
        let reason = FileProblem(systemCode: error.code)?.words ?? error.description
        throw CtryError(.io, "cannot write the catalog snapshot in \(directory): \(reason)")
      }
    } catch {
      replacement.discard()
      throw error
    }
    return (bytes, try place(replacement, replacing: replacing))
  }

  /// Puts a copy of `snapshot` (the one `Scripts/install` ships beside the bundled data) at `path`,
  /// under the same rule as `write`; returns whether it was put in place. The copy is flushed to the
  /// disk before it is renamed into place, and the directory after, as every replacement is: a
  /// power cut leaves no snapshot, or the old one, or the whole copy.
  package static func copy(_ snapshot: Data, to path: String, replacing: Replacing) throws(CtryError) -> Bool {
    let replacement = AtomicFile.Replacement(of: path)
    do throws(CtryError) {
      try AtomicFile.ensureDirectory(replacement.directory)
    } catch {
      throw CtryError(.io, "cannot write the catalog snapshot in \(replacement.directory): \(error.message)")
    }
    do throws(SystemCallError) {
      try replacement.write(snapshot)
    } catch {
      throw CtryError(.io, "cannot write the catalog snapshot \(path): \(error)")
    }
    return try place(replacement, replacing: replacing)
  }

  /// Renames the flushed temporary file over the snapshot under the exclusive lock, unless
  /// `replacing` does not match what is there now.
  private static func place(_ replacement: AtomicFile.Replacement, replacing: Replacing) throws(CtryError) -> Bool {
    let path = replacement.target
    let lock: FileLock?
    do throws(FileLock.Failure) {
      lock = try FileLock.acquire(path + ".lock", .exclusive, until: .now + .seconds(5))
    } catch {
      replacement.discard()
      throw CtryError(.io, "cannot write the catalog snapshot \(path): \(FileLock.words(for: error))")
    }
    defer { withExtendedLifetime(lock) {} }
    if case .only(let expected) = replacing, FileLock.inode(path) != expected {
      replacement.discard()
      return false
    }
    do throws(SystemCallError) {
      try replacement.commit()
    } catch {
      throw CtryError(.io, "cannot write the catalog snapshot \(path): \(error)")
    }
    return true
  }

  /// Creates the database at `temp` and fills it in one transaction; the connection is closed on return.
  private static func fill(
    _ temp: String, catalog: CountryCatalog, records encoded: [[UInt8]?], meta: [String: String],
    validators: [String: Validator]
  ) throws(CtryError) -> Int {
    var records: [[UInt8]] = []
    records.reserveCapacity(catalog.count)
    for (position, country) in catalog.records.all.enumerated() {
      guard position < encoded.count, let record = encoded[position] else {
        throw CtryError(.data, "cannot write the catalog snapshot: cannot encode the record of \(country.cca3)")
      }
      records.append(record)
    }
    let bytes = records.reduce(0) { $0 + $1.count }
    // What the snapshot stores is what its reader reads back: an index part that would not read is
    // refused here, before it could replace a readable snapshot.
    let index = PackedIndex.pack(catalog.index)
    if let part = PackedIndex.unreadable(index, count: catalog.count) {
      throw CtryError(.data, "cannot write the catalog snapshot: its index part \(part.rawValue) would not read back")
    }
    do throws(SQLiteError) {
      let database = try SQLiteDatabase(path: temp, mode: .readWriteCreate)
      try database.execute("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;")
      try database.transaction { () throws(SQLiteError) in
        try database.execute(SnapshotSchema.create)
        try insertCountries(catalog, records: records, into: database)
        try insertIndex(index, into: database)
        var meta = meta
        meta[SnapshotSchema.Meta.count] = String(catalog.count)
        meta[SnapshotSchema.Meta.bytes] = String(bytes)
        let insertMeta = try database.prepare("INSERT INTO meta(key, value) VALUES (?, ?)")
        for (key, value) in meta.sorted(by: { $0.key < $1.key }) {
          try insertMeta.bind(1, key)
          try insertMeta.bind(2, value)
          try insertMeta.run()
        }
        let insertValidator = try database.prepare("INSERT INTO validator(url, etag, last_modified) VALUES (?, ?, ?)")
        for (url, validator) in validators.sorted(by: { $0.key < $1.key }) {
          try insertValidator.bind(1, url)
          try insertValidator.bind(2, validator.etag)
          try insertValidator.bind(3, validator.lastModified)
          try insertValidator.run()
        }
        try database.execute("PRAGMA user_version = \(SnapshotSchema.version)")
      }
    } catch {
      let reason =
        FileProblem(afterWritingTo: temp, systemCode: error.systemCode)?.words
        ?? SQLiteError.words(forCode: error.code)
      throw CtryError(.io, "cannot write the catalog snapshot in \(AtomicFile.directory(of: temp)): \(reason)")
    }
    return bytes
  }

  private static func insertCountries(_ catalog: CountryCatalog, records: [[UInt8]], into database: SQLiteDatabase)
    throws(SQLiteError)
  {
    let insert = try database.prepare("INSERT INTO country(position, cca3, record) VALUES (?, ?, ?)")
    for (position, country) in catalog.records.all.enumerated() {
      try insert.bind(1, position)
      try insert.bind(2, country.cca3)
      try insert.bind(3, blob: records[position])
      try insert.run()
    }
  }

  /// The catalog's index in its one stored form (`PackedIndex`), so loading needs no folding.
  private static func insertIndex(_ index: [(part: PackedIndex.Part, bytes: [UInt8])], into database: SQLiteDatabase)
    throws(SQLiteError)
  {
    let insert = try database.prepare("INSERT INTO catalog_index(part, data) VALUES (?, ?)")
    for (part, bytes) in index {
      try insert.bind(1, part.rawValue)
      try insert.bind(2, blob: bytes)
      try insert.run()
    }
  }
}
