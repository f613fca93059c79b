/// The catalog snapshot's tables (`catalog.sqlite` in the cache directory).
///
/// Everything here is derived from JSON by the one `Codable` model and the one index builder
/// (`CatalogIndex.build(from:)`), so the file can be deleted at any time: the next start rebuilds it
/// from the bundled data. A snapshot of another `version` is rebuilt.
package enum SnapshotSchema {
  /// Stored as `PRAGMA user_version` (read from the file header, no table lookup). Bump it whenever
  /// the tables, the record encoding, `PackedIndex` or the way `CatalogIndex` is built change, and
  /// pin the new `indexDigest` with it.
  package static let version: Int64 = 22

  /// The snapshot `Scripts/install` builds and ships beside the bundled `countries.json`, which a
  /// first start copies instead of decoding the JSON (`CountryCache`).
  package static let shippedFileName = "catalog.sqlite"

  /// FNV-1a (64-bit, hex) of every `PackedIndex` part, in `Part` order, of the index built from the
  /// bundled data: a test rebuilds it, so a change to index building or packing fails until the
  /// version and this digest move together. (New bundled data changes it too; a bump then costs only
  /// the rebuild that the new data causes anyway.)
  static let indexDigest = "f325c58a36b95a93"

  package static let fileName = "catalog.sqlite"

  /// `catalog_index` is a rowid table: in a WITHOUT ROWID table the blob is part of the key's
  /// b-tree, and finding one part by name copied every part that the search compared on the way
  /// (450 KB, 60 page faults of a `details` at version 10).
  static let create = """
    CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE validator(url TEXT PRIMARY KEY, etag TEXT, last_modified TEXT) WITHOUT ROWID;
    CREATE TABLE country(position INTEGER PRIMARY KEY, cca3 TEXT NOT NULL UNIQUE, record BLOB NOT NULL);
    CREATE TABLE catalog_index(part TEXT PRIMARY KEY, data BLOB NOT NULL);
    """

  /// Keys of the `meta` table.
  package enum Meta {
    /// `bundled` or `api`.
    package static let source = "source"
    package static let url = "url"
    package static let flavour = "flavour"
    /// Seconds since 1970, as text.
    package static let fetchedAt = "fetched_at"
    package static let count = "count"
    package static let bytes = "bytes"
    /// The bundled file's size and modification time, then its FNV-1a hash.
    package static let bundledStamp = "bundled_stamp"
    package static let bundledHash = "bundled_hash"
  }
}
