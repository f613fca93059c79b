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
