import CountryModel
import FoundationEssentials
import Synchronization

/// A REST Countries API of one flavour, mapped into the v3.1 model.
public protocol CountryAPIClient: Sendable {
  /// Every country. With `validators` from last time, `.notModified` when nothing changed.
  func fetchAll(validators: [String: Validator], progress: (@Sendable (Int) -> Void)?) async throws(APIError)
    -> FetchOutcome
  /// Countries with this code (cca2, cca3, ccn3, cioc); empty when none.
  func lookup(code: String) async throws(APIError) -> [Country]
  /// Countries whose name contains `name`, or equals it when `exact`; empty when none.
  func lookup(name: String, exact: Bool) async throws(APIError) -> [Country]
}

extension APIConfiguration {
  /// The client for this configuration's flavour.
  public func client(transport: any HTTPTransport = CurlTransport()) -> any CountryAPIClient {
    let fetcher = RetryingFetcher(configuration: self, transport: transport)
    switch flavour {
    case .v31: return V31Client(fetcher: fetcher)
    case .v2: return V2Client(fetcher: fetcher)
    case .v5: return V5Client(fetcher: fetcher)
    }
  }
}
