import Foundation
import Testing

@testable import CountryNetwork

/// The v5 client's paging and lookups against scripted answers.
@Suite struct V5ClientTests {
  static let base = "http://127.0.0.1:9/countries/v5"

  static func record(_ code: String) -> String {
    #"{"names": {"common": "Land \#(code)"}, "codes": {"alpha_2": "\#(code.prefix(2))", "alpha_3": "\#(code)"}}"#
  }

  static func page(_ codes: [String], total: Int, more: Bool, extra: String = "") -> Result<
    HTTPResponse, TransportError
  > {
    let objects = codes.map(record).joined(separator: ",")
    let body =
      #"{"data": {"objects": [\#(objects)], "meta": {"total": \#(total), "count": \#(codes.count), "more": \#(more)}\#(extra)}}"#
    return .success(HTTPResponse(status: 200, body: Data(body.utf8)))
  }

  func client(_ transport: ScriptedTransport, pageSize: Int = 2) -> V5Client {
    var configuration = APIConfiguration(baseURL: Self.base, key: APIKey("key-0123456789"))
    configuration.pageSize = pageSize
    return V5Client(fetcher: RetryingFetcher(configuration: configuration, transport: transport, sleep: { _ in }))
  }

  func countries(_ outcome: FetchOutcome) -> [String] {
    guard case .fetched(let fetched) = outcome else { return [] }
    return fetched.countries.map(\.cca3)
  }

  @Test func pagesUntilNoMoreFollow() async throws {
    let transport = ScriptedTransport([
      Self.page(["AAA", "BBB"], total: 3, more: true, extra: #", "next": "http://elsewhere.example/steal""#),
      Self.page(["CCC"], total: 3, more: false),
    ])
    let outcome = try await client(transport).fetchAll(validators: [:], progress: nil)
    #expect(countries(outcome) == ["AAA", "BBB", "CCC"])
    let urls = transport.requests.map(\.url.absoluteString)
    #expect(
      urls == [
        "\(Self.base)?limit=2&offset=0&response_fields_omit=leaders",
        "\(Self.base)?limit=2&offset=2&response_fields_omit=leaders",
      ], "built from the base URL, never from the payload")
  }

  @Test func contradictingPagesFail() async {
    let cases: [[Result<HTTPResponse, TransportError>]] = [
      [Self.page(["AAA", "BBB"], total: 3, more: true), Self.page(["BBB"], total: 3, more: false)],
      [Self.page(["AAA", "BBB"], total: 3, more: true), Self.page(["CCC"], total: 4, more: false)],
      [Self.page(["AAA", "BBB"], total: 5, more: true), Self.page(["CCC"], total: 5, more: false)],
      [Self.page([], total: 5, more: true)],
    ]
    for script in cases {
      await #expect(throws: APIError.self) {
        try await client(ScriptedTransport(script)).fetchAll(validators: [:], progress: nil)
      }
    }
  }

  @Test func lookupsChooseTheirPathAndIgnoreSearchKeys() async throws {
    let found =
      #"{"data": {"objects": [{"names": {"common": "Japan"}, "codes": {"alpha_2": "JP", "alpha_3": "JPN"}, "_match": {}, "_meta": {}}], "meta": {"total": 1, "count": 1, "more": false}}}"#
    let ok = Result<HTTPResponse, TransportError>.success(HTTPResponse(status: 200, body: Data(found.utf8)))
    let missing = Result<HTTPResponse, TransportError>.success(
      HTTPResponse(status: 404, body: Data(#"{"errors": [{"message": "No match"}]}"#.utf8)))
    let transport = ScriptedTransport([ok, ok, missing, ok, ok])
    let v5 = client(transport)
    #expect(try await v5.lookup(code: "jp").map(\.cca3) == ["JPN"])
    #expect(try await v5.lookup(code: "392").map(\.cca3) == ["JPN"])
    #expect(try await v5.lookup(code: "JPX").map(\.cca3) == ["JPN"], "alpha_3 missed, then cioc")
    #expect(try await v5.lookup(name: "Japan & co", exact: false).map(\.cca3) == ["JPN"])
    let paths = transport.requests.map { $0.url.path + "?" + ($0.url.query ?? "") }
    #expect(
      paths == [
        "/countries/v5/codes.alpha_2/JP?response_fields_omit=leaders",
        "/countries/v5/codes.ccn3/392?response_fields_omit=leaders",
        "/countries/v5/codes.alpha_3/JPX?response_fields_omit=leaders",
        "/countries/v5/codes.cioc/JPX?response_fields_omit=leaders",
        "/countries/v5/name?q=Japan%20%26%20co&response_fields_omit=leaders",
      ])
  }
}
