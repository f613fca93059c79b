import CountryKit
import CtryTestSupport
import Foundation
import Testing

@testable import CountryModel
@testable import CountryStorage

/// The snapshot's format version moves with what it stores: the tables and the packed index.
@Suite struct SnapshotSchemaTests {
  /// FNV-1a over each part's name, length and bytes, in `Part` order (`SnapshotSchema.indexDigest`).
  static func digest(_ index: CatalogIndex) -> String {
    var bytes: [UInt8] = []
    for (part, packed) in PackedIndex.pack(index) {
      bytes += Array(part.rawValue.utf8) + [0]
      withUnsafeBytes(of: UInt64(packed.count).littleEndian) { bytes += $0 }
      bytes += packed
    }
    return BundledStamp.hash(bytes)
  }

  /// Changing how the index is built or packed changes this digest: the test fails until
  /// `SnapshotSchema.version` is bumped and the new digest pinned beside it, so no old snapshot is
  /// read with the new code.
  @Test func theFormatVersionIsPinnedToTheIndexOfTheBundledData() throws {
    try #require(!TestData.countries.isEmpty)
    let digest = Self.digest(CountryCatalog(countries: TestData.countries).index)
    #expect(
      digest == SnapshotSchema.indexDigest,
      """
      the index built from the bundled data changed: bump SnapshotSchema.version (now \(SnapshotSchema.version)) \
      and pin indexDigest = "\(digest)"
      """)
  }

  /// The index is stored once, in `catalog_index`, one row per part.
  @Test func theSnapshotStoresTheIndexOnce() throws {
    let cache = CountryCache(directory: TestPaths.temporaryDirectory(), bundledPath: TestPaths.dataset)
    _ = try cache.load()
    let database = try SQLiteDatabase(path: cache.path, mode: .readOnly)
    #expect(
      try database.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").texts()
        == ["catalog_index", "country", "meta", "validator"])
    #expect(
      try database.prepare("SELECT part FROM catalog_index ORDER BY part").texts()
        == PackedIndex.Part.allCases.map(\.rawValue).sorted())
  }
}
