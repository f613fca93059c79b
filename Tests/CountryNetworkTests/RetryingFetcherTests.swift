import Foundation
import Synchronization
import Testing

@testable import CountryNetwork
@testable import CtrySystem

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
      configuration: APIConfiguration(
        baseURL: flavour == .v5 ? "http://127.0.0.1:9/countries/v5" : "http://127.0.0.1:9/v3.1", flavour: flavour,
        key: key.flatMap(APIKey.init)),
      transport: transport,
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
    let keyed = try #require(URL(string: "http://127.0.0.1:9/countries/v5?limit=100"))
    _ = try await fetcher(transport, flavour: .v5, key: "k").get(keyed)
    #expect(transport.requests.first?.headers["Authorization"] == "Bearer k")
    #expect(transport.requests.first?.followsRedirects == false, "a keyed request never follows a redirect")
  }

  @Test func theKeyGoesToTheConfiguredOriginOnly() async throws {
    let transport = ScriptedTransport([Self.ok(), Self.ok(), Self.ok()])
    for elsewhere in ["http://evil.example/countries/v5", "http://127.0.0.1:10/countries/v5", "https://127.0.0.1:9/"] {
      let url = try #require(URL(string: elsewhere))
      await #expect(throws: APIError.self) { try await fetcher(transport, flavour: .v5, key: "secret-key").get(url) }
    }
    #expect(transport.requests.isEmpty)
  }

  @Test func v5ErrorsCarryTheServersMessagesWithoutTheKey() async throws {
    let body = #"{"errors":[{"message":"Invalid API key secret-key-1234"},{"message":"see\u001b[31m docs"}]}"#
    let transport = ScriptedTransport([.success(HTTPResponse(status: 401, body: Data(body.utf8)))])
    let keyed = try #require(URL(string: "http://127.0.0.1:9/countries/v5"))
    do {
      _ = try await fetcher(transport, flavour: .v5, key: "secret-key-1234").get(keyed)
      Issue.record("expected a 401")
    } catch {
      #expect(error == .http(status: 401, message: "Invalid API key [API key]; see [31m docs"))
      // The core states the rejection; the shell words the way out (`APIErrorWordingTests`).
      #expect(error.description.hasPrefix("HTTP 401: the API key was rejected (server: Invalid API key [API key]"))
      #expect(error.problem == .keyRejected)
      #expect(!error.description.contains("secret-key-1234"))
    }
  }

  @Test func aRetryAfterBeyondTheDeadlineFailsAtOnce() async throws {
    let transport = ScriptedTransport([Self.status(429, headers: ["retry-after": "3600"], message: "slow down")])
    do {
      _ = try await fetcher(transport).get(url)
      Issue.record("expected a 429")
    } catch {
      guard case .serverAsksToWait(let failure, let wait, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(failure == .http(status: 429, message: "slow down"))
      #expect(wait == .seconds(3600))
      #expect(
        error.description.hasPrefix(
          "HTTP 429: rate limited: too many requests, try again later (server: slow down); server asks to wait 60 min (until "
        ), "\(error.description)")
    }
    #expect(sleeps.sleeps.isEmpty)
  }

  @Test func retryAfterParsing() {
    #expect(RetryingFetcher.retryAfter("2") == .seconds(2))
    #expect(RetryingFetcher.retryAfter("3600") == .seconds(3600))
    #expect(RetryingFetcher.retryAfter("99999999") == .seconds(99_999_999))
    #expect(RetryingFetcher.retryAfter("999999999999999999999999") == .seconds(315_360_000), "capped at ten years")
    #expect(RetryingFetcher.retryAfter("-5") == .zero)
    #expect(RetryingFetcher.retryAfter("soon") == nil)
    #expect(RetryingFetcher.retryAfter(nil) == nil)
  }
}

@Suite struct APIConfigurationTests {
  @Test func flagsWinOverTheEnvironment() throws {
    let env = ["CTRY_API_URL": "http://env.example/v3.1", "CTRY_API_KEY": "secret", "CTRY_HTTP_TIMEOUT": "0.5"]
    let fromEnv = try APIConfiguration.resolve(url: nil, version: nil, environment: env)
    #expect(fromEnv.baseURL == "http://env.example/v3.1" && fromEnv.key?.secret == "secret")
    #expect(fromEnv.flavour == .v31)
    #expect(fromEnv.requestTimeout == .milliseconds(500))
    let fromFlags = try APIConfiguration.resolve(url: "http://flag.example/v2/", version: "v2", environment: env)
    #expect(fromFlags.baseURL == "http://flag.example/v2" && fromFlags.flavour == .v2)
    #expect(
      try APIConfiguration.resolve(url: nil, version: "v5", environment: [:]).baseURL
        == "https://api.restcountries.com/countries/v5")
  }

  @Test func theDefaultIsTheHostedV5APIAndAKeyNeverShows() throws {
    let none = try APIConfiguration.resolve(url: nil, version: nil, environment: [:])
    #expect(none.flavour == .v5 && none.baseURL == "https://api.restcountries.com/countries/v5")
    #expect(none.unusable == .missingKey)
    let stored = try APIConfiguration.resolve(url: nil, version: nil, environment: [:], savedKey: "stored-key-abcd")
    #expect(stored.key?.secret == "stored-key-abcd" && stored.unusable == nil)
    let env = try APIConfiguration.resolve(
      url: nil, version: nil, environment: ["CTRY_API_KEY": "env-key-123456789"], savedKey: "stored-key-abcd")
    #expect(env.key?.secret == "env-key-123456789", "the environment wins")
    for text in ["\(env)", String(describing: env), String(reflecting: env), "\(env.key as Any)"] {
      #expect(!text.contains("env-key-123456789"), "\(text)")
    }
    #expect(env.key?.masked == "set (…6789)")
    let retired = try APIConfiguration.resolve(url: nil, version: "v3.1", environment: [:])
    #expect(retired.unusable == .retiredServer("v3.1"))
  }

  @Test func theFlavourFollowsTheURL() throws {
    let cases: [(String, APIFlavour)] = [
      ("http://localhost:8080/v3.1", .v31), ("http://mirror.example/v2/", .v2),
      ("http://127.0.0.1:1/countries/v5", .v5), ("http://self.example/api", .v31),
    ]
    for (url, flavour) in cases {
      #expect(try APIConfiguration.resolve(url: url, version: nil, environment: [:]).flavour == flavour, "\(url)")
    }
    #expect(try APIConfiguration.resolve(url: "http://x/v3.1", version: "v2", environment: [:]).flavour == .v2)
  }

  @Test func thePageSizeIsValidated() throws {
    #expect(try APIConfiguration.resolve(url: nil, version: nil, environment: [:]).pageSize == 100)
    #expect(
      try APIConfiguration.resolve(url: nil, version: nil, environment: ["CTRY_API_PAGE_SIZE": "500"]).pageSize == 500)
    for bad in ["0", "501", "ten", "-5"] {
      #expect(throws: CtryError.self) {
        try APIConfiguration.resolve(url: nil, version: nil, environment: ["CTRY_API_PAGE_SIZE": bad])
      }
    }
  }

  @Test func badValuesAreUsageErrors() {
    #expect(throws: CtryError.self) { try APIConfiguration.resolve(url: "ftp://x", version: nil, environment: [:]) }
    #expect(throws: CtryError.self) { try APIConfiguration.resolve(url: nil, version: "v4", environment: [:]) }
  }
}
