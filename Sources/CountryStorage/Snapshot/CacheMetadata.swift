import CountryModel
import FoundationEssentials

/// What is known about the cached dataset: where and when it came from, and how to ask again.
public struct CacheMetadata: Codable, Sendable, Equatable {
  public var version = 1
  public var url: String
  public var flavour: String
  public var fetchedAt: Date
  /// Conditional-GET validators by request URL.
  public var validators: [String: Validator]
  public var count: Int
  /// Length of the data file, so a data file that does not belong to this metadata is noticed.
  public var bytes: Int

  public init(url: String, flavour: String, fetchedAt: Date, validators: [String: Validator], count: Int, bytes: Int) {
    self.url = url
    self.flavour = flavour
    self.fetchedAt = fetchedAt
    self.validators = validators
    self.count = count
    self.bytes = bytes
  }
}
