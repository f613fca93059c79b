import CtryTestSupport
import Foundation
import Testing

/// `refresh`, the cache and the offline state, through the binary against a fake self-hosted v3.1 or
/// v2 REST Countries server on loopback (the v5 API: `V5LiveDataTests`).
@Suite(.ownThread, .serialized, .tags(.network)) struct LiveDataTests {
  let server: FakeRestCountriesServer
  let directory = TestPaths.preparedDirectory()

  init() throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    let v2 = FileManager.default.contents(atPath: TestPaths.fixture("v2-all.json"))
    server = try FakeRestCountriesServer(v31Records: data, v2Records: v2)
  }

  func ctry(_ arguments: [String], flavour: String = "v3.1", environment: [String: String] = [:]) throws
    -> ProcessRunner.Result
  {
    var env = ["CTRY_HTTP_TIMEOUT": "3"]
    env.merge(environment) { $1 }
    return try ProcessRunner.ctry(
      ["--data-dir", directory, "--api", "\(server.baseURL)/\(flavour)", "--api-version", flavour] + arguments,
      environment: env)
  }

  func file(_ name: String) -> Data? { FileManager.default.contents(atPath: "\(directory)/\(name)") }

  @Test func refreshLoadsAllCountriesIntoTheCache() throws {
    let result = try ctry(["-c", "refresh", "-c", "status"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("Refreshed 250 countries from \(server.baseURL)/v3.1"))
    #expect(result.out.contains("cache from"))
    #expect(
      result.out.split(separator: "\n").contains { $0.hasPrefix("Countries ") && $0.hasSuffix(" 250") }, "\(result.out)"
    )
    let fields = server.requests.filter { $0.path == "/v3.1/all" }.compactMap { $0.query["fields"] }
    #expect(
      fields.count >= 4 && fields.allSatisfy { $0.split(separator: ",").count <= 10 }, "chunks of at most 10 fields")
    #expect(file("catalog.sqlite") != nil, "the refresh wrote a new snapshot")
    #expect(file("countries.json") == nil, "no second copy of the data")
  }

  @Test func theRefreshedSnapshotIsUsedAfterARestart() throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    let text = String(decoding: data, as: UTF8.self)
    let changed = text.replacingOccurrences(of: #""common":"Egypt""#, with: #""common":"Egypt (refreshed)""#)
    #expect(changed != text)
    let server = try FakeRestCountriesServer(v31Records: Data(changed.utf8))
    defer { server.stop() }
    func ctry(_ arguments: [String]) throws -> ProcessRunner.Result {
      try ProcessRunner.ctry(["--data-dir", directory, "--api", "\(server.baseURL)/v3.1"] + arguments)
    }
    #expect(try ctry(["refresh"]).status == 0)
    server.stop()
    let result = try ctry(["--offline", "--format", "plain", "-c", "details EGY", "-c", "status"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty, "\(result.err)")
    #expect(result.out.hasPrefix("🇪🇬  Egypt (refreshed)\n"), "\(result.out)")
    #expect(result.out.contains("Data: cache from"))
  }

  @Test func secondRefreshIsConditional() throws {
    _ = try ctry(["refresh"])
    server.resetRequests()
    let again = try ctry(["refresh"])
    #expect(again.status == 0)
    #expect(again.out.hasPrefix("Already up to date"), "\(again.out)")
    #expect(server.requests.allSatisfy { $0.headers["if-none-match"] != nil })
    #expect(try ctry(["refresh", "--force"]).out.hasPrefix("Refreshed 250"))
  }

  @Test func withTheServerGoneEverythingWorksFromTheCache() throws {
    #expect(try ctry(["refresh"]).status == 0)
    server.stop()
    let result = try ctry(["--format", "plain", "-c", "details Egypt", "-c", "refresh", "-c", "status"])
    #expect(result.out.contains("Capital: Cairo"))
    #expect(result.out.contains("Data: cache from"))
    #expect(result.out.contains("Network: unreachable at the last attempt"))
    #expect(result.err.hasPrefix("refresh failed: server unreachable"), "\(result.err)")
    #expect(result.err.contains("; still using cache from "))
    #expect(result.status == 1)
  }

  struct FaultCase: Sendable, CustomStringConvertible {
    var fault: FakeRestCountriesServer.Fault
    var succeeds: Bool
    var message: String
    var environment: [String: String] = [:]
    var description: String { "\(fault)" }
  }

  static let faults: [FaultCase] = [
    FaultCase(fault: .failFirst(count: 1, status: 500), succeeds: true, message: ""),
    FaultCase(fault: .rateLimited(retryAfterSeconds: 1, times: 1), succeeds: true, message: ""),
    FaultCase(fault: .alwaysStatus(503), succeeds: false, message: "refresh failed: HTTP 503"),
    FaultCase(
      fault: .slow(seconds: 20), succeeds: false, message: "refresh failed: the server did not answer in time",
      environment: ["CTRY_HTTP_TIMEOUT": "1", "CTRY_HTTP_RETRIES": "2"]),
    FaultCase(
      fault: .truncatedBody, succeeds: false,
      message: "refresh failed: server unreachable (the connection closed before the whole response arrived)"),
    FaultCase(fault: .notJSON, succeeds: false, message: "refresh failed: unexpected data: "),
    FaultCase(fault: .connectionReset, succeeds: false, message: "refresh failed: server unreachable"),
  ]

  @Test(arguments: faults)
  func faultsLeaveCacheAndFavoritesIntact(_ fault: FaultCase) throws {
    #expect(try ctry(["-c", "refresh", "-c", "favorites add Egypt Peru"]).status == 0)
    let before = ["catalog.sqlite", "state.sqlite"].map(file)
    server.setFault(fault.fault)
    // Short waits between tries (`CTRY_HTTP_BACKOFF`): the outcome is what is checked, not the waits.
    let result = try ctry(
      ["refresh", "--force"], environment: ["CTRY_HTTP_BACKOFF": "0.05"].merging(fault.environment) { $1 })
    if fault.succeeds {
      #expect(result.status == 0, "\(result.err)")
      #expect(result.out.hasPrefix("Refreshed 250"), "\(result.out)")
      #expect(file("state.sqlite") == before[1])
    } else {
      #expect(result.status == 1)
      let lines = result.err.split(separator: "\n")
      #expect(lines.count == 1, "one line: \(result.err)")
      #expect(result.err.hasPrefix(fault.message), "\(result.err)")
      #expect(result.err.contains("; still using cache from "), "\(result.err)")
      #expect(["catalog.sqlite", "state.sqlite"].map(file) == before, "byte-for-byte intact")
      let after = try ctry(["--offline", "--format", "plain", "status"])
      #expect(after.out.contains("Data: cache from"), "the old snapshot is still the one in use: \(after.out)")
    }
    server.setFault(.none)
    #expect(try ctry(["--format", "plain", "favorites"]).out == "Egypt\nPeru\n")
  }

  @Test func v2FlavourMapsIntoTheSameModel() throws {
    let result = try ctry(["-c", "refresh", "-c", "details Egypt --json"], flavour: "v2")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("Refreshed 250 countries"))
    #expect(result.out.contains(#""cca3" : "EGY""#) && result.out.contains("Cairo"))
    #expect(server.requests.allSatisfy { $0.path.hasPrefix("/v2/") })
  }

  /// The real REST Countries payloads lack the bundled corrections (Greenland's sovereign state,
  /// Kosovo's disputed status, Russia's eleven zones, memberships, the figures' years); a refresh
  /// from either keeps them, and the server's other facts.
  @Test(arguments: ["v3.1", "v2"])
  func aRefreshFromTheRealPayloadKeepsTheCorrections(_ flavour: String) throws {
    let v31 = try #require(FileManager.default.contents(atPath: TestPaths.fixture("v3.1-all.json")))
    let v2 = try #require(FileManager.default.contents(atPath: TestPaths.fixture("v2-all.json")))
    let server = try FakeRestCountriesServer(v31Records: v31, v2Records: v2)
    defer { server.stop() }
    func ctry(_ arguments: [String]) throws -> ProcessRunner.Result {
      try ProcessRunner.ctry(
        ["--data-dir", directory, "--api", "\(server.baseURL)/\(flavour)", "--api-version", flavour] + arguments)
    }
    let refreshed = try ctry(["refresh", "--format", "plain"])
    #expect(refreshed.status == 0 && refreshed.out.hasPrefix("Refreshed 250"), "\(refreshed.out)\(refreshed.err)")
    let greenland = try ctry(["details", "Greenland", "--format", "plain"])
    // v2 has no official names: its Denmark is "Denmark".
    let denmark = flavour == "v2" ? "Denmark" : "the Kingdom of Denmark"
    #expect(
      greenland.out.contains(
        "\nSovereignty: part of \(denmark) (autonomous territory); not independent; not a UN member\n"),
      "\(greenland.out)")
    let kosovo = try ctry(["details", "Kosovo", "--format", "plain"])
    #expect(kosovo.out.contains("\nSovereignty: independent, partially recognised; not a UN member\n"), "\(kosovo.out)")
    #expect(!kosovo.out.contains("sovereign state"))
    let russia = try ctry(["--json", "details", "Russia"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(russia.out.utf8)) as? [String: Any])
    #expect((object["timezones"] as? [String])?.count == 11, "\(object["timezones"] ?? "none")")
    #expect(object["populationYear"] != nil, "a figure keeps its year")
    let eu = try ctry(["search", "--member", "eu", "--format", "plain"])
    #expect(eu.status == 0 && eu.out.split(separator: "\n").count == 27, "\(eu.out)\(eu.err)")
    let outside = try ctry(["search", "--currency", "EUR", "--not-member", "eu", "--independent", "--format", "plain"])
    #expect(outside.out.split(separator: "\n").contains("Montenegro"), "\(outside.out)")
    let status = try ctry(["status", "--format", "plain"])
    #expect(status.out.contains("Data: cache from"), "the server's data, corrected: \(status.out)")
  }

  /// `details --live` shows the server's record with the corrections of the data in use, as a
  /// refresh keeps them.
  @Test func liveDetailsKeepTheCorrections() throws {
    let v31 = try #require(FileManager.default.contents(atPath: TestPaths.fixture("v3.1-all.json")))
    let server = try FakeRestCountriesServer(v31Records: v31)
    defer { server.stop() }
    func ctry(_ arguments: [String]) throws -> ProcessRunner.Result {
      try ProcessRunner.ctry(["--data-dir", directory, "--api", "\(server.baseURL)/v3.1"] + arguments)
    }
    let kosovo = try ctry(["details", "Kosovo", "--live", "--format", "plain"])
    #expect(kosovo.status == 0 && kosovo.err.isEmpty, "\(kosovo.err)")
    #expect(kosovo.out.contains("\nSovereignty: independent, partially recognised; not a UN member\n"), "\(kosovo.out)")
    #expect(server.requests.contains { $0.path.hasPrefix("/v3.1/alpha/") }, "the server was asked")
    let russia = try ctry(["--json", "details", "Russia", "--live"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(russia.out.utf8)) as? [String: Any])
    #expect((object["timezones"] as? [String])?.count == 11, "\(object["timezones"] ?? "none")")
    #expect(object["area"] as? Int == 17_098_246, "the server's other facts: \(object["area"] ?? "none")")
  }

  @Test func liveDetailsFallBackToLocalData() throws {
    let live = try ctry(["details", "Japan", "--live", "--format", "plain"])
    #expect(live.status == 0 && live.err.isEmpty, "\(live.err)")
    #expect(server.requests.contains { $0.path.hasPrefix("/v3.1/alpha/") })
    server.stop()
    let fallback = try ctry(["details", "Japan", "--live", "--format", "plain"])
    #expect(fallback.status == 0)
    #expect(fallback.out.contains("Tokyo"))
    #expect(fallback.err.hasPrefix("live lookup failed: server unreachable"), "\(fallback.err)")
    #expect(fallback.err.contains("answered from bundled data"))
  }

  @Test func offlineModeNeverTouchesTheNetwork() throws {
    let result = try ctry(["--offline", "-c", "refresh", "-c", "details Japan --live"])
    #expect(result.status == 1)
    #expect(server.requests.isEmpty)
  }

  @Test func aCorruptCacheIsQuarantinedAtStartUp() throws {
    #expect(try ctry(["refresh"]).status == 0)
    try Data(repeating: 0x5A, count: 64 * 1024).write(to: URL(fileURLWithPath: "\(directory)/catalog.sqlite"))
    let result = try ctry(["--format", "plain", "-c", "details Egypt", "-c", "status"])
    #expect(result.status == 0)
    #expect(result.err.hasPrefix("warning: the catalog snapshot"), "\(result.err)")
    #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
    #expect(result.out.contains("Capital: Cairo"))
    #expect(result.out.contains("Data: bundled data"))
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(files.contains { $0.hasPrefix("catalog.sqlite.corrupt-") })
    let again = try ctry(["--format", "plain", "details", "Egypt"])
    #expect(again.err.isEmpty && again.out.contains("Capital: Cairo"), "rebuilt: \(again.err)")
  }

  @Test
  func theRealPayloadArrivesWhole() throws {
    let payload = try #require(
      FileManager.default.contents(atPath: TestPaths.fixture("v3.1-all.json")))
    let real = try FakeRestCountriesServer(v31Records: payload)
    defer { real.stop() }
    let result = try ProcessRunner.ctry([
      "--data-dir", directory, "--api", "\(real.baseURL)/v3.1", "--format", "plain", "-c", "refresh",
      "-c", "search --translation Běloruská",
    ])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("Refreshed 250 countries"))
    #expect(result.out.hasSuffix("Belarus\n"))
  }

  @Test
  func theRealV2PayloadArrivesWhole() throws {
    let result = try ctry(["-c", "refresh", "-c", "search --capital minsk --format plain"], flavour: "v2")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("Refreshed 250 countries") && result.out.hasSuffix("Belarus\n"))
  }
}
