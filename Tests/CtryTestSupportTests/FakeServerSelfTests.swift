import CtryTestSupport
import Foundation
import FoundationNetworking
import Testing

/// Checks `FakeRestCountriesServer` itself over real loopback HTTP with URLSession, so the integration
/// tests built on it can trust its routes, validators and faults.
@Suite(.tags(.network)) struct FakeServerSelfTests {
  static let dataset: Data = FileManager.default.contents(atPath: TestPaths.dataset) ?? Data()

  struct Reply {
    var status: Int
    var response: HTTPURLResponse
    var data: Data

    func header(_ name: String) -> String? { response.value(forHTTPHeaderField: name) }

    func json() throws -> Any { try JSONSerialization.jsonObject(with: data) }

    func records() throws -> [[String: Any]] { try #require(try json() as? [[String: Any]]) }

    func object() throws -> [String: Any] { try #require(try json() as? [String: Any]) }
  }

  static func server(v2Records: Data? = nil) throws -> FakeRestCountriesServer {
    try #require(!dataset.isEmpty, "the bundled dataset is missing")
    return try FakeRestCountriesServer(v31Records: dataset, v2Records: v2Records)
  }

  /// One GET on a fresh ephemeral session with no cache, so 304s and errors reach the caller as they are.
  static func get(
    _ server: FakeRestCountriesServer, _ path: String, headers: [String: String] = [:], timeout: TimeInterval = 5
  ) async throws -> Reply {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    let session = URLSession(configuration: configuration)
    defer { session.invalidateAndCancel() }
    var request = URLRequest(url: try #require(URL(string: server.baseURL + path)))
    request.timeoutInterval = timeout
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return Reply(status: http.statusCode, response: http, data: data)
  }

  /// The error a GET ends with (nil when it succeeded), and how long it took.
  static func failure(
    _ server: FakeRestCountriesServer, _ path: String, timeout: TimeInterval = 5
  ) async -> (error: (any Error)?, reply: Reply?, seconds: Double) {
    let start = ContinuousClock.now
    do {
      let reply = try await get(server, path, timeout: timeout)
      return (nil, reply, (ContinuousClock.now - start).seconds)
    } catch {
      return (error, nil, (ContinuousClock.now - start).seconds)
    }
  }

  // MARK: /all and ?fields=

  @Test func allNeedsOneToTenFields() async throws {
    let server = try Self.server()
    defer { server.stop() }
    for path in ["/v3.1/all", "/v2/all", "/v3.1/all?fields=", "/v3.1/all?fields=a,b,c,d,e,f,g,h,i,j,k"] {
      let reply = try await Self.get(server, path)
      #expect(reply.status == 400, "\(path)")
      let body = try reply.object()
      #expect(body["status"] as? Int == 400)
      #expect(
        body["message"] as? String == "'fields' query not specified or you're requesting more than 10 fields")
    }
    let reply = try await Self.get(server, "/v3.1/all?fields=name,cca3")
    #expect(reply.status == 200)
    #expect(reply.header("Content-Type") == "application/json")
    let records = try reply.records()
    #expect(records.count == 250)
    #expect(records.allSatisfy { Set($0.keys) == ["name", "cca3"] })
    let ten = try await Self.get(server, "/v3.1/all?fields=name,cca2,cca3,ccn3,cioc,region,subregion,area,flag,tld")
    #expect(ten.status == 200)
    let v2 = try await Self.get(server, "/v2/all?fields=name,alpha3Code")
    #expect(try v2.records().count == 250)
    #expect(try v2.records().contains { $0["name"] as? String == "Egypt" && $0["alpha3Code"] as? String == "EGY" })
  }

  // MARK: /name, /alpha and the other endpoints

  @Test func nameSearch() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let egypt = try await Self.get(server, "/v3.1/name/egypt")
    #expect(egypt.status == 200)
    let records = try egypt.records()
    #expect(records.count == 1)
    #expect((records.first?["name"] as? [String: Any])?["common"] as? String == "Egypt")

    let missing = try await Self.get(server, "/v3.1/name/xyz")
    #expect(missing.status == 404)
    #expect(try missing.object()["message"] as? String == "Not Found")
    #expect(try missing.object()["status"] as? Int == 404)

    // Substring of the common name, the official name or an alt spelling; case-insensitive.
    let united = try await Self.get(server, "/v3.1/name/UNITED%20states?fields=cca3")
    #expect(Set(try united.records().compactMap { $0["cca3"] as? String }).isSuperset(of: ["USA", "UMI", "VIR"]))
    let official = try await Self.get(server, "/v3.1/name/arab%20republic?fields=cca3")
    #expect(try official.records().compactMap { $0["cca3"] as? String }.contains("EGY"))
    let alternative = try await Self.get(server, "/v3.1/name/deutschland?fields=cca3")  // an alt spelling only
    #expect(try alternative.records().compactMap { $0["cca3"] as? String } == ["DEU"])

    let exact = try await Self.get(server, "/v3.1/name/united%20states?fullText=true&fields=cca3")
    #expect(try exact.records().compactMap { $0["cca3"] as? String } == ["USA"])
    #expect(try await Self.get(server, "/v3.1/name/egyp?fullText=true").status == 404)
    #expect(try await Self.get(server, "/v2/name/egypt?fullText=true").status == 200)
  }

  @Test func alphaCodes() async throws {
    let server = try Self.server()
    defer { server.stop() }
    for code in ["EG", "eg", "EGY", "818"] {
      let reply = try await Self.get(server, "/v3.1/alpha/\(code)")
      #expect(reply.status == 200)
      let records = try reply.records()
      #expect(records.count == 1)
      #expect(records.first?["cca3"] as? String == "EGY")
    }
    let many = try await Self.get(server, "/v3.1/alpha?codes=EG,DE&fields=cca3")
    #expect(many.status == 200)
    #expect(try many.records().compactMap { $0["cca3"] as? String } == ["EGY", "DEU"])

    for path in ["/v3.1/alpha/E", "/v3.1/alpha/EGYP", "/v3.1/alpha"] {
      let reply = try await Self.get(server, path)
      #expect(reply.status == 400, "\(path)")
      #expect(try reply.object()["message"] as? String == "Bad Request")
    }
    #expect(try await Self.get(server, "/v3.1/alpha/ZZ").status == 404)
    #expect(try await Self.get(server, "/v3.1/nowhere/x").status == 404)
    #expect(try await Self.get(server, "/v4/all").status == 404)
  }

  @Test func otherEndpoints() async throws {
    let server = try Self.server()
    defer { server.stop() }
    func codes(_ path: String) async throws -> Set<String> {
      let reply = try await Self.get(server, path)
      guard reply.status == 200 else { return [] }
      return Set(try reply.records().compactMap { ($0["cca3"] ?? $0["alpha3Code"]) as? String })
    }
    #expect(try await codes("/v3.1/currency/egp").contains("EGY"))
    #expect(try await codes("/v3.1/currency/egyptian").contains("EGY"))
    #expect(try await codes("/v3.1/capital/cairo") == ["EGY"])
    #expect(try await codes("/v3.1/capital/bogota").contains("COL"))
    #expect(try await codes("/v3.1/region/africa").contains("EGY"))
    #expect(try await codes("/v3.1/subregion/northern%20africa").contains("EGY"))
    #expect(try await codes("/v3.1/lang/arabic").contains("EGY"))
    #expect(try await codes("/v3.1/lang/ara").contains("EGY"))
    #expect(try await codes("/v3.1/translation/%C3%84gypten").contains("EGY"))
    #expect(try await codes("/v3.1/demonym/egyptian").contains("EGY"))
    #expect(try await codes("/v3.1/independent?status=true").contains("EGY"))
    #expect(try await !codes("/v3.1/independent?status=false").contains("EGY"))
    #expect(try await codes("/v2/region/polar").contains("ATA"))
    // Non-/all endpoints take ?fields= too, with no 10-field limit.
    let reply = try await Self.get(server, "/v3.1/alpha/EG?fields=name,a,b,c,d,e,f,g,h,i,j,k")
    #expect(try reply.records().first.map { Set($0.keys) } == ["name"])
  }

  // MARK: Validators

  @Test func entityTagsAndLastModifiedRevalidate() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let first = try await Self.get(server, "/v3.1/alpha/EG")
    let tag = try #require(first.header("ETag"))
    let lastModified = try #require(first.header("Last-Modified"))
    #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
    #expect(first.header("Connection")?.lowercased() == "close")
    #expect(first.header("Content-Length") == String(first.data.count))

    let revalidated = try await Self.get(server, "/v3.1/alpha/EG", headers: ["If-None-Match": tag])
    #expect(revalidated.status == 304)
    #expect(revalidated.data.isEmpty)
    #expect(revalidated.header("ETag") == tag)

    let byDate = try await Self.get(server, "/v3.1/alpha/EG", headers: ["If-Modified-Since": lastModified])
    #expect(byDate.status == 304)

    let changed = try await Self.get(server, "/v3.1/alpha/EG", headers: ["If-None-Match": "\"0000\""])
    #expect(changed.status == 200)
    #expect(changed.data == first.data)
    let other = try await Self.get(server, "/v3.1/alpha/DE")
    #expect(other.header("ETag") != tag)
  }

  @Test func recordsRequests() async throws {
    let server = try Self.server()
    defer { server.stop() }
    _ = try await Self.get(server, "/v3.1/name/c%C3%B4te?fields=name,cca3", headers: ["X-Probe": "1"])
    let request = try #require(server.requests.last)
    #expect(request.method == "GET")
    #expect(request.path == "/v3.1/name/côte")
    #expect(request.query == ["fields": "name,cca3"])
    #expect(request.headers["x-probe"] == "1")
    #expect(request.headers["host"] == "127.0.0.1:\(server.port)")
    server.resetRequests()
    #expect(server.requests.isEmpty)
  }

  // MARK: Faults

  @Test func statusFaults() async throws {
    let server = try Self.server()
    defer { server.stop() }
    server.setFault(.failFirst(count: 2, status: 500))
    var statuses: [Int] = []
    for _ in 0..<3 { statuses.append(try await Self.get(server, "/v3.1/alpha/EG").status) }
    #expect(statuses == [500, 500, 200])

    server.setFault(.alwaysStatus(503))
    for _ in 0..<2 {
      let reply = try await Self.get(server, "/v3.1/alpha/EG")
      #expect(reply.status == 503)
      #expect(try reply.object()["status"] as? Int == 503)
      #expect(try reply.object()["message"] is String)
    }

    server.setFault(.rateLimited(retryAfterSeconds: 7, times: 1))
    let limited = try await Self.get(server, "/v3.1/alpha/EG")
    #expect(limited.status == 429)
    #expect(limited.header("Retry-After") == "7")
    #expect(try await Self.get(server, "/v3.1/alpha/EG").status == 200)

    server.setFault(.notJSON)
    let html = try await Self.get(server, "/v3.1/alpha/EG")
    #expect(html.status == 200)
    #expect(html.header("Content-Type")?.hasPrefix("text/html") == true)
    #expect((try? html.json()) == nil)

    server.setFault(.none)
    #expect(try await Self.get(server, "/v3.1/alpha/EG").status == 200)
    // Requests are recorded before faults apply.
    #expect(server.requests.count == 9)
  }

  @Test func truncatedBody() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let full = try await Self.get(server, "/v3.1/alpha/EG")
    server.setFault(.truncatedBody)
    let outcome = await Self.failure(server, "/v3.1/alpha/EG")
    if let error = outcome.error {
      print("FakeServerSelfTests: truncated body surfaced as \(Self.describe(error))")
    } else {
      #expect(try #require(outcome.reply).data.count < full.data.count)
      print("FakeServerSelfTests: truncated body surfaced as short data, no error")
    }
  }

  @Test func connectionReset() async throws {
    let server = try Self.server()
    defer { server.stop() }
    server.setFault(.connectionReset)
    let outcome = await Self.failure(server, "/v3.1/alpha/EG")
    let error = try #require(outcome.error)
    #expect(error is URLError)
    #expect(server.requests.count == 1)
    print("FakeServerSelfTests: connection reset surfaced as \(Self.describe(error))")
  }

  /// swift-corelibs-foundation truncates request timeouts to whole seconds (`Int(timeout) * 1000` ms), so
  /// on Linux a 0.5 s timeout is 0 ms and fires at once whatever the server does: 1 s is the shortest
  /// timeout that really waits for the server.
  @Test func slowAnswerOutlastsAShortTimeout() async throws {
    let server = try Self.server()
    defer { server.stop() }
    server.setFault(.slow(seconds: 60))  // stop() (deferred) cuts it short
    let outcome = await Self.failure(server, "/v3.1/alpha/EG", timeout: 1)
    let error = try #require(outcome.error)
    #expect((error as? URLError)?.code == .timedOut)
    // Only a lower bound: wall-clock upper bounds measure the test pool's load, not the server.
    #expect(outcome.seconds >= 0.9)
    print("FakeServerSelfTests: slow answer surfaced as \(Self.describe(error)) after \(outcome.seconds) s")

    server.setFault(.slow(seconds: 0.2))
    let start = ContinuousClock.now
    #expect(try await Self.get(server, "/v3.1/alpha/EG", timeout: 2).status == 200)
    #expect((ContinuousClock.now - start).seconds >= 0.2)
  }

  static func describe(_ error: any Error) -> String {
    if let error = error as? URLError {
      return "URLError(\(error.code.rawValue)) \(error.localizedDescription)"
    }
    return String(describing: error)
  }

  // MARK: /v2

  @Test func v2IsDerivedFromV31() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let reply = try await Self.get(server, "/v2/alpha/EG")
    #expect(reply.status == 200)
    let egypt = try #require(try reply.records().first)
    #expect(egypt["name"] as? String == "Egypt")
    #expect(egypt["alpha2Code"] as? String == "EG")
    #expect(egypt["alpha3Code"] as? String == "EGY")
    #expect(egypt["numericCode"] as? String == "818")
    #expect(egypt["capital"] as? String == "Cairo")
    #expect(egypt["callingCodes"] as? [String] == ["20"])
    #expect(egypt["demonym"] as? String == "Egyptian")
    #expect(egypt["region"] as? String == "Africa")
    #expect(egypt["flag"] as? String == "https://flagcdn.com/eg.svg")
    #expect(egypt["topLevelDomain"] as? [String] == [".eg"])
    #expect(egypt["independent"] as? Bool == true)
    let currencies = try #require(egypt["currencies"] as? [[String: Any]])
    #expect(currencies.count == 1)
    #expect(currencies.first?["code"] as? String == "EGP")
    #expect(currencies.first?["name"] as? String == "Egyptian pound")
    let languages = try #require(egypt["languages"] as? [[String: Any]])
    #expect(languages.first?["iso639_2"] as? String == "ara")
    #expect(languages.first?["name"] as? String == "Arabic")
    let translations = try #require(egypt["translations"] as? [String: String])
    #expect(translations["de"] == "Ägypten")
    #expect(translations["fa"] != nil)
    #expect(egypt["cca3"] == nil)

    let antarctica = try await Self.get(server, "/v2/alpha/ATA")
    #expect(try antarctica.records().first?["region"] as? String == "Polar")
    #expect(try antarctica.records().first?["capital"] == nil)
  }

  @Test
  func servesTheRealPayloads() async throws {
    let v31 = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("v3.1-all.json")))
    let v2 = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("v2-all.json")))
    let server = try FakeRestCountriesServer(v31Records: v31, v2Records: v2)
    defer { server.stop() }
    #expect(try await Self.get(server, "/v3.1/all?fields=name,cca3").records().count == 250)
    let egypt = try #require(try await Self.get(server, "/v2/alpha/EGY").records().first)
    #expect(egypt["regionalBlocs"] != nil)  // only the real v2 payload has these
    #expect(egypt["alpha3Code"] as? String == "EGY")
  }

  // MARK: /v5

  @Test func v5NeedsTheKeyAndPages() async throws {
    let server = try Self.server()
    defer { server.stop() }
    for headers in [[:], ["Authorization": "Bearer wrong"], ["Authorization": server.v5Key]] {
      let reply = try await Self.get(server, "/countries/v5", headers: headers)
      #expect(reply.status == 401)
      let errors = try #require(try reply.object()["errors"] as? [[String: Any]])
      #expect(errors.first?["message"] as? String == "Invalid or missing API key")
    }
    let key = ["Authorization": "Bearer \(server.v5Key)"]
    var offset = 0
    var pages: [Int] = []
    var seen: [String] = []
    var egypt: [String: Any]?
    while pages.count < 5 {
      let reply = try await Self.get(
        server, "/countries/v5?limit=100&offset=\(offset)&response_fields_omit=leaders", headers: key)
      let data = try #require(try reply.object()["data"] as? [String: Any])
      let items = try #require(data["objects"] as? [[String: Any]])
      let meta = try #require(data["meta"] as? [String: Any])
      #expect(meta["total"] as? Int == 250)
      #expect(items.allSatisfy { $0["leaders"] == nil })
      pages.append(items.count)
      seen += items.compactMap { ($0["codes"] as? [String: Any])?["alpha_3"] as? String }
      egypt = egypt ?? items.first { ($0["codes"] as? [String: Any])?["alpha_3"] as? String == "EGY" }
      offset += items.count
      if meta["more"] as? Bool != true { break }
    }
    #expect(pages == [100, 100, 50])
    #expect(Set(seen).count == 250)
    let record = try #require(egypt)
    #expect((record["names"] as? [String: Any])?["common"] as? String == "Egypt")
    #expect((record["codes"] as? [String: Any])?["ccn3"] as? String == "818")
    #expect((record["capitals"] as? [[String: Any]])?.first?["name"] as? String == "Cairo")
    #expect((record["currencies"] as? [[String: Any]])?.first?["code"] as? String == "EGP")
    #expect((record["flag"] as? [String: Any])?["emoji"] as? String == "🇪🇬")
    #expect(record["borders"] as? [String] == ["ISR", "LBY", "PSE", "SDN"])
    let defaultPage = try await Self.get(server, "/countries/v5", headers: key).object()
    #expect(((defaultPage["data"] as? [String: Any])?["objects"] as? [Any])?.count == 25, "limit defaults to 25")
    #expect(try await Self.get(server, "/countries/v5?limit=0", headers: key).status == 400)
    #expect(try await Self.get(server, "/countries/v5?limit=101", headers: key).status == 400)
    #expect(try await Self.get(server, "/countries/v5/elsewhere", headers: key).status == 404)
    let byCode = try await Self.get(server, "/countries/v5/codes.alpha_3/jpn", headers: key).object()
    let japan = ((byCode["data"] as? [String: Any])?["objects"] as? [[String: Any]])?.first
    #expect((japan?["names"] as? [String: Any])?["common"] as? String == "Japan")
    #expect(try await Self.get(server, "/countries/v5/codes.alpha_2/QQ", headers: key).status == 404)
    let byName = try await Self.get(server, "/countries/v5/name?q=bolivia", headers: key).object()
    let bolivia = ((byName["data"] as? [String: Any])?["objects"] as? [[String: Any]])?.first
    #expect(bolivia?["_match"] != nil && bolivia?["_meta"] != nil)
    #expect((bolivia?["capitals"] as? [[String: Any]])?.count == 2)
  }

  // MARK: Stopping

  @Test func stopRefusesLaterRequestsFast() async throws {
    let server = try Self.server()
    #expect(try await Self.get(server, "/v3.1/alpha/EG").status == 200)
    server.stop()
    server.stop()  // idempotent
    let outcome = await Self.failure(server, "/v3.1/alpha/EG")
    let error = try #require(outcome.error)
    #expect((error as? URLError)?.code == .cannotConnectToHost, "refused, not timed out")
    print("FakeServerSelfTests: request after stop surfaced as \(Self.describe(error))")
  }

  @Test func stopCutsASlowAnswerShort() async throws {
    let server = try Self.server()
    server.setFault(.slow(seconds: 3600))
    let request = Task { await Self.failure(server, "/v3.1/alpha/EG", timeout: 3000) }
    for _ in 0..<100 where server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
    server.stop()
    let outcome = await request.value
    // With an hour-long answer and a 50-minute timeout, finishing at all means stop() cut it short.
    #expect(outcome.error != nil)
    #expect((outcome.error as? URLError)?.code != .timedOut)
    if let error = outcome.error {
      print("FakeServerSelfTests: slow answer cut by stop surfaced as \(Self.describe(error))")
    }
  }

  @Test func releasingTheServerStopsIt() async throws {
    var server: FakeRestCountriesServer? = try Self.server()
    let baseURL = try #require(server?.baseURL)
    server = nil
    #expect(server == nil)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 2
    let session = URLSession(configuration: configuration)
    defer { session.invalidateAndCancel() }
    await #expect(throws: (any Error).self) {
      _ = try await session.data(from: try #require(URL(string: baseURL + "/v3.1/alpha/EG")))
    }
  }
}

extension Duration {
  fileprivate var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
