import CtryTestSupport
import Foundation
import Synchronization
import Testing

@testable import CountryNetwork

/// `CurlTransport` over real loopback HTTP against `FakeRestCountriesServer`.
@Suite(.tags(.network)) struct CurlTransportTests {
  static let dataset: Data = FileManager.default.contents(atPath: TestPaths.dataset) ?? Data()
  let transport = CurlTransport(userAgent: "ctry-tests")

  static func server() throws -> FakeRestCountriesServer {
    try #require(!dataset.isEmpty, "the bundled dataset is missing")
    return try FakeRestCountriesServer(v31Records: dataset)
  }

  static func request(
    _ server: FakeRestCountriesServer, _ path: String = "/v3.1/all?fields=name,cca3",
    headers: [String: String] = [:], timeout: Duration = .seconds(5)
  ) throws -> HTTPRequest {
    HTTPRequest(url: try #require(URL(string: server.baseURL + path)), headers: headers, timeout: timeout)
  }

  /// The outcome of one send, as a Result.
  func outcome(_ request: HTTPRequest, maxBytes: Int = 1 << 24, progress: (@Sendable (Int) -> Void)? = nil) async
    -> Result<HTTPResponse, TransportError>
  {
    do {
      return .success(try await transport.send(request, maxBytes: maxBytes, progress: progress))
    } catch {
      return .failure(error)
    }
  }

  @Test func okWithBodyAndLowerCasedHeaders() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let response = try await transport.send(
      try Self.request(server, headers: ["Accept": "application/json", "X-Empty": ""]), maxBytes: 1 << 24, progress: nil
    )
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "application/json")
    #expect(response.headers["etag"]?.hasPrefix("\"") == true)
    #expect(response.headers["last-modified"] != nil)
    #expect(response.headers.keys.allSatisfy { $0 == $0.lowercased() })
    let records = try #require(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
    #expect(records.count == 250)
    let sent = try #require(server.requests.last)
    #expect(sent.method == "GET")
    #expect(sent.headers["accept"] == "application/json")
    #expect(sent.headers["user-agent"] == "ctry-tests")
    #expect(sent.headers["x-empty"] == "")
    #expect(sent.headers["accept-encoding"] != nil, "libcurl offers the encodings it decodes")
  }

  @Test func conditionalGetAnswers304() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let first = try await transport.send(try Self.request(server), maxBytes: 1 << 24, progress: nil)
    let tag = try #require(first.headers["etag"])
    let again = try await transport.send(
      try Self.request(server, headers: ["If-None-Match": tag]), maxBytes: 1 << 24, progress: nil)
    #expect(again.status == 304)
    #expect(again.body.isEmpty)
    #expect(again.headers["etag"] == tag)
  }

  @Test func errorStatusesAreResponses() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let missing = try await transport.send(
      try Self.request(server, "/v3.1/name/zzzz"), maxBytes: 1 << 20, progress: nil)
    #expect(missing.status == 404)
    server.setFault(.rateLimited(retryAfterSeconds: 7, times: 1))
    let limited = try await transport.send(try Self.request(server), maxBytes: 1 << 20, progress: nil)
    #expect(limited.status == 429)
    #expect(limited.headers["retry-after"] == "7")
  }

  @Test func aClosedPortIsUnreachable() async throws {
    let server = try Self.server()
    let request = try Self.request(server)
    server.stop()
    #expect(await outcome(request) == .failure(.unreachable("connection refused")))
  }

  @Test func aSilentServerTimesOut() async throws {
    let server = try Self.server()
    defer { server.stop() }
    // The server would answer only after 600 s, so `.timeout` can come only from the transfer's own
    // 500 ms timeout: the outcome is the event checked, not the time it took, which a loaded machine
    // stretches (suite-under-load measured 97 s between the timeout and the test's continuation).
    server.setFault(.slow(seconds: 600))
    #expect(await outcome(try Self.request(server, timeout: .milliseconds(500))) == .failure(.timeout))
  }

  @Test func aTruncatedBodyIsAnError() async throws {
    let server = try Self.server()
    defer { server.stop() }
    server.setFault(.truncatedBody)
    #expect(
      await outcome(try Self.request(server))
        == .failure(.unreachable("the connection closed before the whole response arrived")))
  }

  @Test func aResetConnectionIsUnreachable() async throws {
    let server = try Self.server()
    defer { server.stop() }
    server.setFault(.connectionReset)
    guard case .failure(.unreachable) = await outcome(try Self.request(server)) else {
      Issue.record("a reset is not .unreachable")
      return
    }
  }

  @Test func progressReportsTheBytesSoFar() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let reports = Mutex<[Int]>([])
    let response = try await transport.send(try Self.request(server), maxBytes: 1 << 24) { count in
      reports.withLock { $0.append(count) }
    }
    let counts = reports.withLock { $0 }
    #expect(!counts.isEmpty)
    #expect(counts == counts.sorted())
    #expect(counts.last == response.body.count)
  }

  @Test func anAnnouncedBodyOverTheCapIsRefusedBeforeItArrives() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let reports = Mutex<[Int]>([])
    let result = await outcome(try Self.request(server), maxBytes: 1_000) { count in
      reports.withLock { $0.append(count) }
    }
    #expect(result == .failure(.tooLarge(limit: 1_000)))
    #expect(reports.withLock { $0.isEmpty }, "stopped at the Content-Length header")
  }

  @Test func aBodyOverTheCapIsStoppedAsItStreams() async throws {
    let server = try Self.server()
    defer { server.stop() }
    // A 300 without Location is not followed, and a 3xx's Content-Length is not trusted as the body's
    // length, so the cap is met in the body itself.
    server.setFault(.alwaysStatus(300))
    #expect(await outcome(try Self.request(server), maxBytes: 10) == .failure(.tooLarge(limit: 10)))
  }

  @Test func aBodyJustWithinTheCapArrives() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let size = try await transport.send(try Self.request(server), maxBytes: 1 << 24, progress: nil).body.count
    #expect(try await transport.send(try Self.request(server), maxBytes: size, progress: nil).body.count == size)
    #expect(await outcome(try Self.request(server), maxBytes: size - 1) == .failure(.tooLarge(limit: size - 1)))
  }

  @Test func cancellingTheTaskCancelsASlowTransfer() async throws {
    let server = try Self.server()
    defer { server.stop() }
    server.setFault(.slow(seconds: 600))
    let request = try Self.request(server, timeout: .seconds(300))
    let task = Task { await outcome(request) }
    for _ in 0..<500 where server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
    #expect(!server.requests.isEmpty, "the request reached the server")
    let start = ContinuousClock.now
    task.cancel()
    #expect(await task.value == .failure(.cancelled))
    // Ended by the cancel, not by the server (600 s) or the timeout (300 s): the bound sits between
    // the cancel and those, far from both, because a loaded machine can keep this task's continuation
    // waiting for a cooperative thread for tens of seconds (97 s seen under suite-under-load).
    #expect(ContinuousClock.now - start < .seconds(240))
  }

  @Test func aTaskCancelledBeforeTheRequestSendsNothing() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let request = try Self.request(server)
    let task = Task {
      try? await Task.sleep(for: .seconds(60))  // ends at once, when cancelled
      return await outcome(request)
    }
    task.cancel()
    #expect(await task.value == .failure(.cancelled))
    #expect(server.requests.isEmpty)
  }

  @Test func curlCodesMapToTransportErrors() {
    #expect(CurlTransfer.classify(6, detail: "") == .unreachable("cannot resolve the host"))
    #expect(CurlTransfer.classify(7, detail: "") == .unreachable("connection refused"))
    #expect(CurlTransfer.classify(28, detail: "") == .timeout)
    #expect(CurlTransfer.classify(42, detail: "") == .cancelled)
    // Out of memory before the head is complete: a header line longer than libcurl buffers.
    let header = TransportError.other("the server sent a response header too large to read")
    #expect(CurlTransfer.classify(27, detail: "", headComplete: false) == header)
    #expect(CurlTransfer.classify(100, detail: "", headComplete: false) == header)
    #expect(CurlTransfer.classify(27, detail: "", headComplete: true) != header)
    #expect(
      CurlTransfer.classify(18, detail: "") == .unreachable("the connection closed before the whole response arrived"))
    guard case .other(let text) = CurlTransfer.classify(60, detail: "SSL certificate problem") else {
      Issue.record("a certificate failure is .other")
      return
    }
    #expect(text.hasSuffix("(SSL certificate problem)"))
  }
}
