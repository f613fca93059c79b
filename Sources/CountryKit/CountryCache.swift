import CountryModel
import CountryNetwork
import CountryStorage
import CtrySystem
import FoundationEssentials
import Glibc
import Synchronization

/// The catalog snapshot: `catalog.sqlite` in the cache directory (`SnapshotSchema`).
///
/// Built from the bundled `countries.json` on first run and whenever that file or the snapshot format
/// changes, and from the API payload on every `refresh`; always into a temporary file renamed into
/// place. Start-up opens it and reads only the indexes; records are decoded when read. A snapshot that
/// does not open is moved aside as `NAME.corrupt-<timestamp>` with a one-line warning and rebuilt; a
/// cache directory that cannot be written gives a catalog built in memory, also with one warning.
/// Deleting the file is always safe.
public struct CountryCache: Sendable {
  public let directory: String
  /// The bundled data file, or nil to locate it (`BundledDataset.locate`).
  let bundledPath: String?

  public init(directory: String, bundledPath: String? = nil) {
    self.directory = directory
    self.bundledPath = bundledPath
  }

  /// `DIR/catalog.sqlite`.
  public var path: String { "\(directory)/\(SnapshotSchema.fileName)" }

  /// What start-up found: the data (its network status is the store's to fill in), and at most one
  /// warning line.
  public struct Loaded: Sendable {
    public var snapshot: CatalogSnapshot
    public var warning: String?

    init(catalog: CountryCatalog, source: DataSource, metadata: CacheMetadata? = nil, warning: String? = nil) {
      snapshot = CatalogSnapshot(catalog: catalog, source: source, metadata: metadata)
      self.warning = warning
    }
  }

  /// The catalog, by one path: the snapshot; else, on a first start (or the first after an upgrade),
  /// a copy of the installed one; else a rebuild from the bundled data, written as the new snapshot.
  ///
  /// Only damage is set aside and replaced: a snapshot another program holds locked is waited for (a
  /// busy timeout) and then left alone, as is one that cannot be read for a reason of the system's (too
  /// many open files, an I/O error) or is not a regular file; that run answers from the rebuild in
  /// memory, as does one whose cache directory cannot be written.
  public func load() throws(CtryError) -> Loaded {
    var problem: String?
    var leftAlone: String?
    var found: ino_t?
    var info = stat()
    if stat(path, &info) == 0 {
      if info.st_mode & S_IFMT != S_IFREG {
        leftAlone = "the catalog snapshot \(path) is not a regular file; using the bundled data in memory"
      } else {
        found = info.st_ino
        do throws(SQLiteError) {
          if let loaded = try open(inode: info.st_ino) { return loaded }
        } catch {
          if error.isBusy {
            leftAlone =
              "the catalog snapshot \(path) is locked by another program; using the bundled data in memory for now"
          } else if let cause = FileProblem(systemCode: error.systemCode) {
            leftAlone = "cannot read the catalog snapshot \(path): \(cause.words); using the bundled data in memory"
          } else {
            let reason = error.isCorruption ? "not a valid database" : SQLiteError.words(forCode: error.code)
            let moved = setAside(ifStill: info.st_ino)
            if moved != nil { found = nil }
            problem =
              "the catalog snapshot \(path) could not be read (\(reason)); "
              + (moved.map { "moved it aside to \($0)" } ?? "could not move it aside")
          }
        }
      }
    }
    if problem == nil && leftAlone == nil {
      let seeded = seedFromShipped(replacing: found)
      if let loaded = seeded.loaded { return loaded }
      if let placed = seeded.placed { found = placed }
    }
    return try rebuild(replacing: found, problem: problem, leftAlone: leftAlone)
  }

  /// The catalog built from the bundled data. Written as the snapshot (replacing only what this start
  /// found: one that another ctry put there meanwhile is at least as new) unless `leftAlone` says why
  /// the file there stays; kept in memory, with a warning, when it cannot be written.
  private func rebuild(replacing found: ino_t?, problem: String?, leftAlone: String?) throws(CtryError) -> Loaded {
    let bundled = try bundledCountries()
    let catalog = CountryCatalog(countries: bundled.countries)
    if let leftAlone { return Loaded(catalog: catalog, source: .bundled, warning: "warning: \(leftAlone)") }
    var meta = [SnapshotSchema.Meta.source: "bundled"]
    if let stamp = bundled.stamp {
      meta[SnapshotSchema.Meta.bundledStamp] = stamp.stamp
      meta[SnapshotSchema.Meta.bundledHash] = BundledStamp.hash(bundled.bytes)
    }
    do throws(CtryError) {
      try SnapshotWriter.write(catalog, meta: meta, validators: [:], to: path, replacing: .only(found))
    } catch {
      let cannot = "\(error.message); using the bundled data in memory"
      return Loaded(
        catalog: catalog, source: .bundled,
        warning: "warning: " + [problem, cannot].compactMap { $0 }.joined(separator: "; "))
    }
    return Loaded(catalog: catalog, source: .bundled, warning: problem.map { "warning: \($0) and rebuilt it" })
  }

  /// A first start (or the first after an upgrade: `found` is a snapshot of another format or other
  /// data) copies the snapshot shipped beside the bundled data (`Scripts/install` builds it) into
  /// place and opens it, instead of decoding the bundled JSON. When there is none, or it does not
  /// open as a snapshot of this format and these data, the start rebuilds one, replacing the copy
  /// (`placed`, its inode).
  private func seedFromShipped(replacing found: ino_t?) -> (loaded: Loaded?, placed: ino_t?) {
    guard let located = bundledPath ?? BundledDataset.locate() else { return (nil, nil) }
    let shipped = AtomicFile.directory(of: located) + "/" + SnapshotSchema.shippedFileName
    guard shipped != path, let data = try? RegularFile.read(shipped, limit: BundledDataset.maximumBytes),
      (try? SnapshotWriter.copy(Data(data), to: path, replacing: .only(found))) == true
    else { return (nil, nil) }
    var info = stat()
    guard stat(path, &info) == 0 else { return (nil, nil) }
    return ((try? open(inode: info.st_ino)) ?? nil, info.st_ino)
  }

  /// Moves the snapshot aside if it is still the file with inode `inode` (checked under the lock the
  /// writers take, so a snapshot another ctry has just put in place is never the one moved).
  /// Returns where it went.
  func setAside(ifStill inode: ino_t) -> String? {
    let lock = try? FileLock.acquire(path + ".lock", .exclusive, until: .now + .seconds(5))
    defer { withExtendedLifetime(lock) {} }
    guard FileLock.inode(path) == inode else { return nil }
    return AtomicFile.quarantine(path)
  }

  /// A record of the open snapshot cannot be read, and no answer that needs it is right, so the
  /// process ends with one line on stderr and the status of the error: no country is made up in the
  /// record's place. A record that is missing, no longer decodes or sits on a corrupt page means the
  /// file is damaged: it is set aside (unless it has been replaced meanwhile) and the next start
  /// rebuilds it. A read that failed otherwise (a lock held too long, an I/O error) leaves it alone.
  func unreadable(position: Int, failure: SQLiteError?, inode: ino_t) -> Never {
    let error: CtryError
    if let failure, !failure.isCorruption {
      let words = FileProblem(systemCode: failure.systemCode)?.words ?? SQLiteError.words(forCode: failure.code)
      error = CtryError(.io, "cannot read the catalog snapshot \(path): \(words)", hint: "try again")
    } else {
      let moved = setAside(ifStill: inode)
      error = CtryError(
        .data,
        "the catalog snapshot \(path) is damaged: record \(position + 1) does not read"
          + (moved.map { "; moved it aside to \($0)" } ?? ""),
        hint: "run ctry again: it rebuilds the snapshot from the bundled data")
    }
    try? SystemCall.writeAll(2, VisibleEscapes.escaped(error.description) + "\n")
    exit(error.exitCode)
  }

  /// The snapshot's catalog, or nil when it is of another format or built from other bundled data.
  private func open(inode: ino_t) throws(SQLiteError) -> Loaded? {
    let cache = self
    let reader = try SnapshotReader(path: path) { position, failure in
      cache.unreadable(position: position, failure: failure, inode: inode)
    }
    guard try reader.formatVersion() == SnapshotSchema.version else { return nil }
    let meta = try reader.meta()
    guard let count = meta[SnapshotSchema.Meta.count].flatMap(Int.init), count > 0 else { return nil }
    if meta[SnapshotSchema.Meta.source] == "api" {
      guard let url = meta[SnapshotSchema.Meta.url], let flavour = meta[SnapshotSchema.Meta.flavour],
        let seconds = meta[SnapshotSchema.Meta.fetchedAt].flatMap(Double.init)
      else { return nil }
      let fetchedAt = Date(timeIntervalSince1970: seconds)
      let metadata = CacheMetadata(
        url: url, flavour: flavour, fetchedAt: fetchedAt, validators: try reader.validators(), count: count,
        bytes: meta[SnapshotSchema.Meta.bytes].flatMap(Int.init) ?? 0)
      return Loaded(
        catalog: try reader.catalog(count: count), source: .cache(fetchedAt: fetchedAt, url: url), metadata: metadata)
    }
    guard isCurrent(meta) else { return nil }
    return Loaded(catalog: try reader.catalog(count: count), source: .bundled)
  }

  /// Whether a bundled-data snapshot was built from the bundled file there now: same size and time, or
  /// (after a copy) the same bytes.
  private func isCurrent(_ meta: [String: String]) -> Bool {
    // No bundled file: not current, so the rebuild says the data is missing (a broken install shows).
    guard let located = bundledPath ?? BundledDataset.locate(), let stamp = BundledStamp(path: located) else {
      return false
    }
    if meta[SnapshotSchema.Meta.bundledStamp] == stamp.stamp { return true }
    guard let hash = stamp.hash(), hash == meta[SnapshotSchema.Meta.bundledHash] else { return false }
    // Same bytes, new file time: remember the new stamp so the next start skips the hash.
    if let database = try? SQLiteDatabase(path: path, mode: .readWrite) {
      database.setBusyTimeout(milliseconds: 100)
      if let update = try? database.prepare("UPDATE meta SET value = ? WHERE key = ?") {
        try? update.bind(1, stamp.stamp)
        try? update.bind(2, SnapshotSchema.Meta.bundledStamp)
        try? update.run()
      }
    }
    return true
  }

  /// The bundled file's countries, bytes and stamp.
  func bundledCountries() throws(CtryError) -> (countries: [Country], bytes: [UInt8], stamp: BundledStamp?) {
    guard let located = bundledPath ?? BundledDataset.locate() else { throw BundledDataset.missing }
    let bytes: [UInt8]
    do throws(RegularFile.Failure) {
      bytes = try RegularFile.read(located, limit: BundledDataset.maximumBytes)
    } catch {
      throw CtryError(.data, "cannot read the bundled country data at \(located): \(error)")
    }
    return (try CountryDecoding.decodeList(bytes, origin: located), bytes, BundledStamp(path: located))
  }

  /// Writes a refreshed dataset as the new snapshot (the old one stays until the rename).
  /// `records`: the catalog's records encoded (`SnapshotWriter.encode`), in its order; nil to encode
  /// them here.
  public func save(
    _ catalog: CountryCatalog, records: [[UInt8]?]? = nil, url: String, flavour: String, fetchedAt: Date,
    validators: [String: Validator]
  ) throws(CtryError) -> CacheMetadata {
    let meta = [
      SnapshotSchema.Meta.source: "api", SnapshotSchema.Meta.url: url, SnapshotSchema.Meta.flavour: flavour,
      SnapshotSchema.Meta.fetchedAt: String(fetchedAt.timeIntervalSince1970),
    ]
    let bytes = try SnapshotWriter.write(catalog, records: records, meta: meta, validators: validators, to: path).bytes
    return CacheMetadata(
      url: url, flavour: flavour, fetchedAt: fetchedAt, validators: validators, count: catalog.count, bytes: bytes)
  }

  /// After a 304: the data stands, the check time moves (one transaction in the snapshot).
  public func saveMetadata(_ metadata: CacheMetadata) throws(CtryError) {
    do throws(SQLiteError) {
      let database = try SQLiteDatabase(path: path, mode: .readWrite)
      database.setBusyTimeout(milliseconds: 1000)
      try database.transaction(immediate: true) { () throws(SQLiteError) in
        let update = try database.prepare("UPDATE meta SET value = ? WHERE key = ?")
        try update.bind(1, String(metadata.fetchedAt.timeIntervalSince1970))
        try update.bind(2, SnapshotSchema.Meta.fetchedAt)
        try update.run()
        try database.execute("DELETE FROM validator")
        let insert = try database.prepare("INSERT INTO validator(url, etag, last_modified) VALUES (?, ?, ?)")
        for (url, validator) in metadata.validators {
          try insert.bind(1, url)
          try insert.bind(2, validator.etag)
          try insert.bind(3, validator.lastModified)
          try insert.run()
        }
      }
    } catch {
      throw CtryError(.io, "cannot update the catalog snapshot: \(error.message)")
    }
  }
}
