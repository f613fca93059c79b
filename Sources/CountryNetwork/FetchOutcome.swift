import CountryModel
import FoundationEssentials

/// A whole dataset from a server.
public struct FetchedCountries: Sendable {
  public var countries: [Country]
  /// Validators by request URL, for the next conditional refresh.
  public var validators: [String: Validator]
  public var bytes: Int
}

public enum FetchOutcome: Sendable {
  case notModified
  case fetched(FetchedCountries)
}
