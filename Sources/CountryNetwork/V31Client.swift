import CountryModel
import CtrySystem
import FoundationEssentials

/// REST Countries v3.1 (the self-hosted server's flavour), the model's own schema.
struct V31Client: PathLookupClient {
  let fetcher: RetryingFetcher

  /// Every top-level field of a v3.1 record, from the model's coding keys, but `zones`: the bundled
  /// data's own, which a refresh keeps (`BundledOverlay`), so asking for it would cost a request.
  static var fields: [String] { Country.fieldNames.filter { $0 != "zones" } }

  func fetchAll(validators: [String: Validator], progress: (@Sendable (Int) -> Void)?) async throws(APIError)
    -> FetchOutcome
  {
    let chunked = ChunkedAllFetcher(fetcher: fetcher, fields: Self.fields, key: "cca3")
    guard let result = try await chunked.fetch(validators: validators, progress: progress) else { return .notModified }
    let countries = try ChunkedRecords<Country>.decode(result.bodies, key: chunked.key)
    return .fetched(FetchedCountries(countries: countries, validators: result.validators, bytes: result.bytes))
  }

  package func records(from body: Data) throws(APIError) -> [Country] {
    if let list = try? TapeDecoder.decode([Country].self, from: body, dictionaries: .memberByMember) { return list }
    return [try decodeRecords(Country.self, from: body)]
  }
}
