import Foundation

/// The disk cache of a refreshed dataset: `countries.json` (v3.1 records) and `countries.meta.json`.
///
/// The data file is written first and the metadata last, both atomically; the metadata records the
/// data file's length and count, so a torn pair is detected. Anything unreadable is moved aside as
/// `NAME.corrupt-<timestamp>` and ctry falls back to the bundled data.
public struct CountryCache: Sendable {
  public let dataPath: String
  public let metadataPath: String

  public init(directory: String) {
    dataPath = "\(directory)/countries.json"
    metadataPath = "\(directory)/countries.meta.json"
  }

  /// The cached countries and their metadata; nil when there is no cache. A damaged cache is
  /// quarantined and reported in `warning`.
  public func load() -> (cached: (countries: [Country], metadata: CacheMetadata)?, warning: String?) {
    let manager = FileManager.default
    let hasData = manager.fileExists(atPath: dataPath)
    let hasMetadata = manager.fileExists(atPath: metadataPath)
    guard hasData || hasMetadata else { return (nil, nil) }
    // A file that is there but cannot be opened (permissions) is not damaged: it is left in place.
    for path in [metadataPath, dataPath] where manager.fileExists(atPath: path) && !manager.isReadableFile(atPath: path)
    {
      return (nil, "warning: cannot read \(path) (permission denied); left it in place and using the bundled data")
    }
    do {
      guard let metadataBytes = manager.contents(atPath: metadataPath) else {
        throw CtryError(.data, hasMetadata ? "metadata unreadable" : "metadata missing")
      }
      let metadata = try Self.decoder.decode(CacheMetadata.self, from: metadataBytes)
      guard let data = manager.contents(atPath: dataPath) else {
        throw CtryError(.data, hasData ? "data file unreadable" : "data file missing")
      }
      guard data.count == metadata.bytes else { throw CtryError(.data, "data file does not match its metadata") }
      let countries = try CountryDecoding.decodeList(data, origin: "cache")
      guard countries.count == metadata.count else { throw CtryError(.data, "country count does not match") }
      return ((countries, metadata), nil)
    } catch {
      let present = [dataPath, metadataPath].filter { manager.fileExists(atPath: $0) }
      let moved = present.compactMap { AtomicFile.quarantine($0) }
      return (nil, Self.warning(reason: (error as? CtryError)?.message ?? "unreadable", moved: moved))
    }
  }

  /// The one line about a damaged cache; it says "moved" only when a file was moved.
  static func warning(reason: String, moved: [String]) -> String {
    let action = moved.isEmpty ? "could not move it aside" : "moved it aside to \(moved.joined(separator: ", "))"
    return "warning: the cache could not be read (\(reason)); \(action) and using the bundled data"
  }

  /// Writes countries then metadata, each atomically.
  public func save(
    _ countries: [Country], url: String, flavour: String, fetchedAt: Date, validators: [String: Validator]
  )
    throws(CtryError) -> CacheMetadata
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(countries) else { throw CtryError(.data, "cannot encode the countries") }
    let metadata = CacheMetadata(
      url: url, flavour: flavour, fetchedAt: fetchedAt, validators: validators, count: countries.count,
      bytes: data.count)
    try AtomicFile.write(data, to: dataPath)
    try saveMetadata(metadata)
    return metadata
  }

  /// Rewrites only the metadata (a 304: the data stands, the check time moves).
  public func saveMetadata(_ metadata: CacheMetadata) throws(CtryError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    guard let data = try? encoder.encode(metadata) else { throw CtryError(.data, "cannot encode the cache metadata") }
    try AtomicFile.write(data, to: metadataPath)
  }

  static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
