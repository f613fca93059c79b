import CtryTestSupport
import Foundation
import Testing

@testable import CountryKit
@testable import CountryModel
@testable import CountryNetwork
@testable import CountryStorage

/// The server does not control the back-off, and the data it sends is bounded.
@Suite struct RetryBoundsTests {
  let url = URL(fileURLWithPath: "/v3.1/all")
  let sleeps = SleepLog()

  func fetcher(_ transport: any HTTPTransport, attempts: Int = 3) -> RetryingFetcher {
    let sleeps = self.sleeps
    return RetryingFetcher(
      configuration: APIConfiguration(baseURL: "http://127.0.0.1:9/v3.1", flavour: .v31, maxAttempts: attempts),
      transport: transport, sleep: { sleeps.sleep($0) }, jitter: { 1 })
  }

  static func status(_ code: Int, retryAfter: String? = nil) -> Result<HTTPResponse, TransportError> {
    .success(
      HTTPResponse(
        status: code, headers: retryAfter.map { ["retry-after": $0] } ?? [:],
        body: Data(#"{"status":\#(code),"message":"busy"}"#.utf8)))
  }

  @Test(arguments: ["0", "-3", "-99999999999999999999999"])
  func aZeroOrNegativeRetryAfterNeverShortensTheBackOff(_ value: String) async {
    let transport = ScriptedTransport(Array(repeating: Self.status(429, retryAfter: value), count: 3))
    await #expect(throws: APIError.self) { try await fetcher(transport).get(url) }
    #expect(transport.requests.count == 3)
    #expect(sleeps.sleeps == [.milliseconds(400), .milliseconds(800)], "the exponential floor")
  }

  @Test func aLongerRetryAfterLengthensTheWait() async throws {
    let transport = ScriptedTransport([Self.status(503, retryAfter: "2"), RetryingFetcherTests.ok()])
    _ = try await fetcher(transport).get(url)
    #expect(sleeps.sleeps == [.seconds(2)])
  }

  @Test func attemptsAreCappedAtTenHoweverConfigured() async {
    let transport = ScriptedTransport(Array(repeating: Self.status(500), count: 30))
    await #expect(throws: APIError.http(status: 500, message: "busy")) {
      try await fetcher(transport, attempts: 1_000_000).get(url)
    }
    #expect(transport.requests.count == 10)
  }

  @Test func theLastMessageNamesTheStatusAndTheServersWish() async {
    let transport = ScriptedTransport([Self.status(429, retryAfter: "950400")])
    do {
      _ = try await fetcher(transport).get(url)
      Issue.record("expected a failure")
    } catch {
      #expect(error.description.hasPrefix("HTTP 429: rate limited"), "\(error.description)")
      #expect(error.description.contains("; server asks to wait 11 days (until 20"), "\(error.description)")
      #expect(sleeps.sleeps.isEmpty, "past the deadline: reported at once")
    }
  }

  @Test func aRefreshSendsABoundedNumberOfRequests() async {
    let transport = ScriptedTransport(Array(repeating: RetryingFetcherTests.ok(), count: 10))
    let counting = CountingTransport(transport, limit: 3)
    let request = HTTPRequest(url: url)
    for _ in 0..<3 { _ = try? await counting.send(request, maxBytes: 100, progress: nil) }
    await #expect(throws: TransportError.other("more than 3 requests for one refresh")) {
      try await counting.send(request, maxBytes: 100, progress: nil)
    }
    #expect(counting.sent == 3 && transport.requests.count == 3)
  }

  // MARK: - Bounds on the data

  var countries: [Country] { TestData.countries }

  @Test func theBundledDatasetIsWithinEveryBound() {
    #expect(Refresher.validate(countries) == nil)
  }

  @Test func tooManyRecordsAreRefusedNamingTheBound() {
    var many = countries
    while many.count <= DataLimits.maximumCount { many += countries }
    #expect(Refresher.validate(many) == "\(many.count) countries, more than the 1000 allowed")
  }

  @Test func aLongStringIsRefusedNamingTheRecord() throws {
    var list = countries
    let index = try #require(list.firstIndex { $0.cca3 == "EGY" })
    list[index].capital = [String(repeating: "C", count: 5000)]
    let problem = try #require(Refresher.validate(list))
    #expect(problem == "[\(index)].capital[0] (Egypt) is longer than the 4 KB allowed", "\(problem)")
  }

  /// A record's JSON stands for its strings' bytes only while the total is within the bound: data
  /// over it only by that estimate is measured and kept, data over it in truth is refused.
  @Test func theTotalIsMeasuredExactlyBeforeDataIsRefused() throws {
    let strings = countries.reduce(0) { $0 + StringBounds.measure($1, limit: .max, root: "").bytes }
    let json = SnapshotWriter.encode(countries).reduce(0) { $0 + ($1?.count ?? 0) }
    #expect(json > strings + 100_000, "the estimate is above the strings' bytes")
    let index = countries.count - 1
    func padded(to total: Int) -> [Country] {
      var list = countries
      // Strings within the 4 KB bound, in the last record, so the records before it are estimated.
      var missing = total - strings
      var spellings = list[index].altSpellings ?? []
      while missing > 0 {
        spellings.append(String(repeating: "a", count: min(4_000, missing)))
        missing -= 4_000
      }
      list[index].altSpellings = spellings
      return list
    }
    #expect(Refresher.validate(padded(to: DataLimits.maximumTotalBytes - 50_000)) == nil)
    #expect(
      Refresher.validate(padded(to: DataLimits.maximumTotalBytes + 50_000))
        == "the data is larger than the 32 MB allowed")
  }

  @Test func numbersOutOfRangeAndRepeatedCodesAreRefused() throws {
    let index = try #require(countries.firstIndex { $0.cca3 == "EGY" })
    var list = countries
    list[index].area = 1e19
    #expect(Refresher.validate(list) == "[\(index)] (Egypt).area 1e+19 is out of range")
    list = countries
    list[index].population = -1
    #expect(Refresher.validate(list)?.contains("population -1 is out of range") == true)
    list = countries
    list[index].latlng = [91, 0]
    #expect(Refresher.validate(list)?.contains("latlng") == true)
    list = countries
    list[index].cca2 = list[0].cca2
    #expect(Refresher.validate(list)?.contains("appears twice") == true)
  }
}
