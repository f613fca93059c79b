#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The keyed REST Countries v5 API: `GET {base}/countries` with `Authorization: Bearer KEY`,
/// records wrapped in `data.objects` and pages linked by `data.next` (when `limit` is used).
/// Only what the commands show is mapped; v5 has no name or code lookups here, so those fall back
/// to local data.
struct V5Client: CountryAPIClient {
  let fetcher: RetryingFetcher

  func fetchAll(validators: [String: Validator], progress: (@Sendable (Int) -> Void)?) async throws(APIError)
    -> FetchOutcome
  {
    guard fetcher.configuration.key?.isEmpty == false else { throw .missingKey }
    var next: String? = "\(fetcher.configuration.baseURL)/countries"
    var countries: [Country] = []
    var bytes = 0
    var newValidators: [String: Validator] = [:]
    var pages = 0
    while let link = next, pages < 100 {
      pages += 1
      guard let url = URL(string: link, relativeTo: URL(string: fetcher.configuration.baseURL))?.absoluteURL else {
        throw .decoding("data.next: not a URL")
      }
      let conditional = pages == 1 ? (validators[url.absoluteString]?.headers ?? [:]) : [:]
      let alreadyReceived = bytes
      let response = try await fetcher.get(url, headers: conditional) { progress?(alreadyReceived + $0) }
      if response.status == 304 { return .notModified }
      if response.status == 404 { throw .http(status: 404, message: "no data at \(url.absoluteString)") }
      bytes += response.body.count
      newValidators[url.absoluteString] = Validator(response)
      let page = try decodeRecords(V5Page.self, from: response.body)
      countries += page.data.objects.map(\.country)
      next = page.data.next.flatMap { $0.hasPrefix("/") ? Self.origin(of: fetcher.configuration.baseURL) + $0 : $0 }
    }
    return .fetched(FetchedCountries(countries: countries, validators: newValidators, bytes: bytes))
  }

  func lookup(code: String) async throws(APIError) -> [Country] { throw .invalid("v5 has no code lookup") }
  func lookup(name: String, exact: Bool) async throws(APIError) -> [Country] { throw .invalid("v5 has no name lookup") }

  /// `http://host:8080/v5` → `http://host:8080`, for root-relative `next` links.
  static func origin(of base: String) -> String {
    guard let url = URL(string: base), let scheme = url.scheme, let host = url.host else { return base }
    return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
  }
}

struct V5Page: Decodable {
  struct Body: Decodable {
    var objects: [V5Country]
    var next: String?
  }
  var data: Body
}

/// A `/v5` record.
struct V5Country: Decodable {
  struct Names: Decodable {
    var common: String
    var official: String?
  }
  struct Codes: Decodable {
    var alpha2: String
    var alpha3: String
    var numeric: String?

    enum CodingKeys: String, CodingKey {
      case alpha2 = "alpha_2"
      case alpha3 = "alpha_3"
      case numeric
    }
  }
  struct Named: Decodable { var name: String }
  struct Money: Decodable {
    var code: String
    var name: String?
    var symbol: String?
  }
  struct Language: Decodable {
    var code: String?
    var name: String
  }
  struct Flag: Decodable { var emoji: String? }

  var names: Names
  var codes: Codes
  var capitals: [Named]?
  var currencies: [Money]?
  var languages: [Language]?
  var flag: Flag?
  var region: String?
  var subregion: String?
  var population: Int?
  var area: Double?
  var borders: [String]?

  var country: Country {
    var country = Country(
      name: CountryName(common: names.common, official: names.official ?? names.common), cca2: codes.alpha2,
      cca3: codes.alpha3, region: region ?? "")
    country.ccn3 = codes.numeric
    country.subregion = subregion
    country.population = population
    country.area = area
    country.borders = borders
    country.flag = flag?.emoji ?? Country.emoji(forAlpha2: codes.alpha2)
    let capitalNames = (capitals ?? []).map(\.name).filter { !$0.isEmpty }
    if !capitalNames.isEmpty { country.capital = capitalNames }
    var money: [String: Currency] = [:]
    for currency in currencies ?? [] {
      money[currency.code] = Currency(name: currency.name ?? currency.code, symbol: currency.symbol)
    }
    if !money.isEmpty { country.currencies = money }
    var spoken: [String: String] = [:]
    for language in languages ?? [] { spoken[language.code ?? language.name.lowercased()] = language.name }
    if !spoken.isEmpty { country.languages = spoken }
    return country
  }
}
