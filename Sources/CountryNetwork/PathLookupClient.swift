import CountryModel
import FoundationEssentials

/// The v3.1 and v2 lookups: `/alpha/{code}` and `/name/{name}[?fullText=true]`, answering an
/// array (or one object), and 404 for no match.
protocol PathLookupClient: CountryAPIClient {
  var fetcher: RetryingFetcher { get }
  /// The countries in a lookup's response body.
  func records(from body: Data) throws(APIError) -> [Country]
}

extension PathLookupClient {
  func lookup(code: String) async throws(APIError) -> [Country] {
    try await lookup(path: "alpha/\(percentEncoded(code))")
  }

  func lookup(name: String, exact: Bool) async throws(APIError) -> [Country] {
    try await lookup(path: "name/\(percentEncoded(name))" + (exact ? "?fullText=true" : ""))
  }

  private func lookup(path: String) async throws(APIError) -> [Country] {
    guard let url = URL(string: "\(fetcher.configuration.baseURL)/\(path)") else { return [] }
    let response = try await fetcher.get(url)
    if response.status == 404 { return [] }
    return try records(from: response.body)
  }
}
