import CountryModel
import CtrySystem
import FoundationEssentials

/// The keyed REST Countries v5 API (`https://api.restcountries.com/countries/v5`, `Authorization: Bearer
/// KEY`; see `V5Country` for the record).
///
/// - The list is the base URL itself, paged with `limit` and `offset` until `meta.more` is false, leaving
///   out `leaders` (paid plans only). Pages that contradict each other (a changing `meta.total`, a code
///   seen twice, a page that moves nothing forward) fail the refresh.
/// - Lookups: `/codes.alpha_2|alpha_3|ccn3|cioc/{X}` and `/name?q=TEXT`; 404 is "no match".
/// - Every URL is built from the base URL: nothing a payload says is ever requested with the key.
struct V5Client: CountryAPIClient {
  let fetcher: RetryingFetcher

  /// More pages than this means the server is not moving forward.
  static let maximumPages = 200

  /// The countries a complete list holds today (ISO 3166-1 and Kosovo).
  static let expectedCountries = 250

  /// The smallest page that brings `expectedCountries` within `maximumPages`: a smaller one could
  /// never finish, so `APIConfiguration` refuses it.
  static let minimumPageSize = (expectedCountries + maximumPages - 1) / maximumPages

  var base: String { fetcher.configuration.baseURL }

  func fetchAll(validators: [String: Validator], progress: (@Sendable (Int) -> Void)?) async throws(APIError)
    -> FetchOutcome
  {
    if let problem = fetcher.configuration.unusable { throw problem }
    let limit = fetcher.configuration.pageSize
    var offset = 0
    var total: Int?
    var seen = Set<String>()
    var countries: [Country] = []
    var bytes = 0
    for page in 1...Self.maximumPages {
      guard let url = URL(string: "\(base)?limit=\(limit)&offset=\(offset)&response_fields_omit=leaders") else {
        throw .invalid("cannot build a request URL from \(URLRedaction.redact(base))")
      }
      let received = bytes
      let response = try await fetcher.get(url) { progress?(received + $0) }
      try Self.requireSuccess(response)
      bytes += response.body.count
      let decoded = try decodeRecords(V5Page.self, from: response.body).data
      let meta = decoded.meta
      if let pageTotal = meta?.total {
        if let total, total != pageTotal {
          throw .invalid("page \(page) says there are \(pageTotal) countries, an earlier page said \(total)")
        }
        total = pageTotal
        if pageTotal > DataLimits.maximumCount {
          throw .invalid(
            "the server announces \(pageTotal) countries, more than the \(DataLimits.maximumCount) allowed")
        }
      }
      if bytes > DataLimits.maximumTotalBytes {
        throw .invalid("the pages hold more than the \(DataLimits.maximumTotalBytes / 1_048_576) MB allowed")
      }
      for record in decoded.objects {
        let country = record.country
        guard seen.insert(country.cca3.uppercased()).inserted else {
          throw .invalid("\(Sanitized.line(country.cca3, limit: 10)) appears twice (page \(page), offset \(offset))")
        }
        countries.append(country)
      }
      if countries.count > DataLimits.maximumCount {
        throw .invalid("more than the \(DataLimits.maximumCount) countries allowed (page \(page))")
      }
      guard meta?.more == true else {
        if let total, total != countries.count {
          throw .invalid("received \(countries.count) countries, the server announced \(total)")
        }
        return .fetched(FetchedCountries(countries: countries, validators: [:], bytes: bytes))
      }
      let step = meta?.count ?? decoded.objects.count
      guard step > 0, step == decoded.objects.count else {
        throw .invalid("page \(page) says more follow but holds \(decoded.objects.count) of \(step) records")
      }
      offset += step
    }
    throw .invalid("more than \(Self.maximumPages) pages")
  }

  /// `/codes.alpha_2/EG` for two letters, `ccn3` for digits, else `alpha_3` and then `cioc`.
  func lookup(code: String) async throws(APIError) -> [Country] {
    let upper = code.uppercased()
    let fields: [String]
    if upper.allSatisfy(\.isNumber) {
      fields = ["ccn3"]
    } else if upper.count == 2 {
      fields = ["alpha_2"]
    } else {
      fields = ["alpha_3", "cioc"]
    }
    for field in fields {
      let found = try await records(at: "\(base)/codes.\(field)/\(percentEncoded(upper))")
      if !found.isEmpty { return found }
    }
    return []
  }

  /// `/name?q=TEXT`: common, official, alternative and native names; `exact` keeps equal names only.
  func lookup(name: String, exact: Bool) async throws(APIError) -> [Country] {
    let found = try await records(at: "\(base)/name?q=\(percentEncoded(name))")
    guard exact else { return found }
    let wanted = name.lowercased()
    return found.filter { $0.name.common.lowercased() == wanted || $0.name.official.lowercased() == wanted }
  }

  /// The records of a lookup; empty for 404.
  private func records(at address: String) async throws(APIError) -> [Country] {
    guard let url = URL(string: address + (address.contains("?") ? "&" : "?") + "response_fields_omit=leaders")
    else { return [] }
    let response = try await fetcher.get(url)
    if response.status == 404 { return [] }
    try Self.requireSuccess(response)
    // The documented shape is a page; tolerate a bare list or one object, and report a page's errors.
    let body = [UInt8](response.body)
    if let list = try? TapeDecoder.decode(V5List.self, from: body) { return list.data.map(\.country) }
    if let single = try? TapeDecoder.decode(V5Single.self, from: body) { return [single.data.country] }
    return try decodeRecords(V5Page.self, from: response.body).data.objects.map(\.country)
  }

  /// A 404 (no data at this address) or any other status that is not a 2xx, as an error.
  static func requireSuccess(_ response: HTTPResponse) throws(APIError) {
    guard !(200...299).contains(response.status) else { return }
    throw .http(status: response.status, message: RetryingFetcher.serverMessage(response.body))
  }
}

/// `{"data": {"objects": [COUNTRY, …], "meta": {"total", "count", "limit", "offset", "more", …}}}`.
struct V5Page: Decodable {
  package struct Meta: Decodable {
    var total: Int?
    var count: Int?
    var more: Bool?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      total = container.lenientInt(.total)
      count = container.lenientInt(.count)
      more = container.lenientBool(.more)
    }

    enum CodingKeys: String, CodingKey { case total, count, more }
  }
  struct Body: Decodable {
    var objects: [V5Country]
    var meta: Meta?
  }
  var data: Body
}

/// A lookup answered as `{"data": [COUNTRY, …]}`.
struct V5List: Decodable { var data: [V5Country] }

/// A lookup answered as `{"data": COUNTRY}`.
struct V5Single: Decodable { var data: V5Country }
