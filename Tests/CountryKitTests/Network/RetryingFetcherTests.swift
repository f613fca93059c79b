import Foundation
import Synchronization
import Testing

@testable import CountryKit

/// A transport that answers from a script and records what it was asked.
final class ScriptedTransport: HTTPTransport {
  private let script: Mutex<[Result<HTTPResponse, TransportError>]>
  private let calls = Mutex<[HTTPRequest]>([])

  init(_ script: [Result<HTTPResponse, TransportError>]) {
    self.script = Mutex(script)
  }

  var requests: [HTTPRequest] { calls.withLock { $0 } }

  func send(_ request: HTTPRequest, maxBytes: Int, progress: (@Sendable (Int) -> Void)?) async throws(TransportError)
    -> HTTPResponse
  {
    calls.withLock { $0.append(request) }
    let next = script.withLock { $0.isEmpty ? .failure(.other("script exhausted")) : $0.removeFirst() }
    return try next.get()
  }
}

/// Records back-off sleeps instead of sleeping.
final class SleepLog: Sendable {
  private let log = Mutex<[Duration]>([])
  var sleeps: [Duration] { log.withLock { $0 } }
  func sleep(_ duration: Duration) { log.withLock { $0.append(duration) } }
}

@Suite struct RetryingFetcherTests {
  let url = URL(fileURLWithPath: "/").deletingLastPathComponent()
    .appendingPathComponent("v3.1/all")
  let sleeps = SleepLog()

  func fetcher(_ transport: ScriptedTransport, flavour: APIFlavour = .v31, key: String? = nil) -> RetryingFetcher {
    let sleeps = self.sleeps
    return RetryingFetcher(
      configuration: APIConfiguration(flavour: flavour, key: key), transport: transport,
      sleep: { sleeps.sleep($0) }, jitter: { 1 })
  }

  static func ok(_ body: String = "[]") -> Result<HTTPResponse, TransportError> {
    .success(HTTPResponse(status: 200, body: Data(body.utf8)))
  }

  static func status(_ code: Int, headers: [String: String] = [:], message: String = "boom") -> Result<
    HTTPResponse, TransportError
  > {
    .success(
      HTTPResponse(status: code, headers: headers, body: Data(#"{"status":\#(code),"message":"\#(message)"}"#.utf8)))
  }

  @Test func retriesA500ThenSucceeds() async throws {
    let transport = ScriptedTransport([Self.status(500), Self.ok()])
    let response = try await fetcher(transport).get(url)
    #expect(response.status == 200)
    #expect(transport.requests.count == 2)
    #expect(sleeps.sleeps == [.milliseconds(400)])
  }

  @Test func givesUpAfterThreeTriesWithTheServersMessage() async {
    let transport = ScriptedTransport([
      Self.status(503, message: "down"), Self.status(503), Self.status(503, message: "still down"),
    ])
    await #expect(throws: APIError.http(status: 503, message: "still down")) { try await fetcher(transport).get(url) }
    #expect(transport.requests.count == 3)
    #expect(sleeps.sleeps == [.milliseconds(400), .milliseconds(800)], "exponential back-off")
  }

  @Test func honoursRetryAfter() async throws {
    let transport = ScriptedTransport([Self.status(429, headers: ["retry-after": "1"]), Self.ok()])
    _ = try await fetcher(transport).get(url)
    #expect(sleeps.sleeps == [.seconds(1)])
  }

  @Test func retriesConnectionErrorsAndTimeoutsButNotClientErrors() async throws {
    let flaky = ScriptedTransport([.failure(.unreachable("connection refused")), .failure(.timeout), Self.ok()])
    #expect(try await fetcher(flaky).get(url).status == 200)
    let refused = ScriptedTransport([Self.status(400), Self.ok()])
    await #expect(throws: APIError.http(status: 400, message: "boom")) { try await fetcher(refused).get(url) }
    #expect(refused.requests.count == 1)
    let huge = ScriptedTransport([.failure(.tooLarge(limit: 10)), Self.ok()])
    await #expect(throws: APIError.transport(.tooLarge(limit: 10))) { try await fetcher(huge).get(url) }
  }

  @Test func notFoundIsAnAnswer() async throws {
    let transport = ScriptedTransport([Self.status(404, message: "Not Found")])
    #expect(try await fetcher(transport).get(url).status == 404)
  }

  @Test func v5NeedsAKeyBeforeAnyRequest() async throws {
    let transport = ScriptedTransport([Self.ok()])
    await #expect(throws: APIError.missingKey) { try await fetcher(transport, flavour: .v5).get(url) }
    #expect(transport.requests.isEmpty)
    _ = try await fetcher(transport, flavour: .v5, key: "k").get(url)
    #expect(transport.requests.first?.headers["Authorization"] == "Bearer k")
  }

  @Test func retryAfterParsing() {
    #expect(RetryingFetcher.retryAfter("2") == .seconds(2))
    #expect(RetryingFetcher.retryAfter("3600") == .seconds(60), "capped at a minute")
    #expect(RetryingFetcher.retryAfter("soon") == nil)
    #expect(RetryingFetcher.retryAfter(nil) == nil)
  }
}

@Suite struct APIConfigurationTests {
  @Test func flagsWinOverTheEnvironment() throws {
    let env = ["CTRY_API_URL": "http://env.example/v3.1", "CTRY_API_KEY": "secret", "CTRY_HTTP_TIMEOUT": "0.5"]
    let fromEnv = try APIConfiguration.resolve(url: nil, version: nil, environment: env)
    #expect(fromEnv.baseURL == "http://env.example/v3.1" && fromEnv.key == "secret")
    #expect(fromEnv.requestTimeout == .milliseconds(500))
    let fromFlags = try APIConfiguration.resolve(url: "http://flag.example/v2/", version: "v2", environment: env)
    #expect(fromFlags.baseURL == "http://flag.example/v2" && fromFlags.flavour == .v2)
    #expect(
      try APIConfiguration.resolve(url: nil, version: "v5", environment: [:]).baseURL == "https://restcountries.com/v5")
  }

  @Test func badValuesAreUsageErrors() {
    #expect(throws: CtryError.self) { try APIConfiguration.resolve(url: "ftp://x", version: nil, environment: [:]) }
    #expect(throws: CtryError.self) { try APIConfiguration.resolve(url: nil, version: "v4", environment: [:]) }
  }
}
