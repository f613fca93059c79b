/// The catalog snapshot's tables (`catalog.sqlite` in the cache directory).
///
/// Everything here is derived from JSON by the one `Codable` model, so the file can be deleted at any
/// time: the next start rebuilds it from the bundled data. Bump `version` whenever the tables, the
/// record encoding or the way `CountryCatalog` builds its indexes change: a snapshot of another
/// version is rebuilt.
enum SnapshotSchema {
  /// Stored as `PRAGMA user_version` (read from the file header, no table lookup).
  static let version: Int64 = 8

  static let fileName = "catalog.sqlite"

  static let create = """
    CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE validator(url TEXT PRIMARY KEY, etag TEXT, last_modified TEXT) WITHOUT ROWID;
    CREATE TABLE country(
      position INTEGER PRIMARY KEY,
      cca3 TEXT NOT NULL UNIQUE,
      sort_name BLOB NOT NULL,
      population INTEGER,
      area REAL,
      record BLOB NOT NULL
    );
    CREATE TABLE facet(kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL);
    CREATE TABLE packed(name TEXT PRIMARY KEY, data BLOB NOT NULL) WITHOUT ROWID;
    """

  /// Keys of the `meta` table.
  enum Meta {
    /// `bundled` or `api`.
    static let source = "source"
    static let url = "url"
    static let flavour = "flavour"
    /// Seconds since 1970, as text.
    static let fetchedAt = "fetched_at"
    static let count = "count"
    static let bytes = "bytes"
    /// The bundled file's size and modification time, then its FNV-1a hash.
    static let bundledStamp = "bundled_stamp"
    static let bundledHash = "bundled_hash"
  }

  /// Facet kinds in the `facet` table.
  enum Facet {
    static let region = "region"
    static let subregion = "subregion"
    static let language = "language"
    static let demonym = "demonym"
    static let commonName = "common_name"
    static let otherName = "other_name"
    static let currencyCode = "currency_code"
  }

  static let primaryFields: [NameField] = [.common, .official, .altSpelling, .capital]
}
