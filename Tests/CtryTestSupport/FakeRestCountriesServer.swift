import CtrySystem
import Foundation
import Glibc
import Synchronization

/// A fake REST Countries HTTP/1.1 server on 127.0.0.1 (a random port) for integration tests.
///
/// It serves `/v3.1/...` and `/v2/...` by the real server's rules (`/all` needs 1–10 `?fields=`, no match
/// is 404, `/alpha/{code}` answers an array, …), the keyed v5 API at `/countries/v5` (`FakeV5API`: bearer
/// token, `limit`/`offset`/`meta.more` paging, code and name lookups, the `errors` envelope), ETag/`Last-Modified` revalidation (304), and a set of injectable faults. Every response
/// carries `Connection: close`. POSIX sockets: one accept thread, one thread per connection; every wait
/// is bounded and `stop()` (also run on deinit) closes the socket and lets all threads end.
///
/// ```swift
/// let server = try FakeRestCountriesServer(v31Records: Data(contentsOf: URL(fileURLWithPath: TestPaths.dataset)))
/// defer { server.stop() }
/// server.setFault(.failFirst(count: 2, status: 500))
/// // point the code under test at server.baseURL + "/v3.1"
/// ```
package final class FakeRestCountriesServer: Sendable {
  package enum Fault: Sendable, Equatable {
    case none
    /// The first `count` requests (after `setFault`) answer `status` with a JSON error body, then normal.
    case failFirst(count: Int, status: Int)
    /// Every request answers this status with `{"status":N,"message":"..."}`.
    case alwaysStatus(Int)
    /// The first `times` requests (after `setFault`) answer 429 with `Retry-After: N`, then normal.
    case rateLimited(retryAfterSeconds: Int, times: Int)
    /// Wait this long before answering normally (cut short by `stop()`).
    case slow(seconds: Double)
    /// Headers with the full Content-Length but only half the body, then a clean close.
    case truncatedBody
    /// 200 with `Content-Type: text/html` and an HTML body.
    case notJSON
    /// Read the request, then close with SO_LINGER {1,0} (a TCP RST) without answering.
    case connectionReset
    /// v5 pages that contradict each other (see `FakeV5API.Quirk`).
    case v5(FakeV5Quirk)
    /// Every request answers `status` with these messages (in the v5 `errors` envelope under
    /// `/countries/v5`); `{token}` in a message is replaced by the bearer token the request sent.
    case statusWithMessages(Int, [String])
    /// Every second request (the 1st, 3rd, …) answers `status`; the others answer normally.
    case flaky(status: Int)
    /// Headers at once, then the normal body one byte every `interval` seconds.
    case trickle(interval: Double)
    /// Every request answers 200 with this JSON body (hostile payloads: huge, deep, wrong types…).
    case payload([UInt8])
    /// Every request answers 302 to itself.
    case redirectLoop
    /// Every response carries one more header, `bytes` long.
    case oversizedHeader(bytes: Int)
    /// `/all` answers normally, but each chunk whose `fields` include `field` leaves out the country
    /// whose alpha-3 code is `code` (chunks that disagree on the list of countries).
    case omitFromChunks(code: String, field: String)
  }

  package struct RecordedRequest: Sendable, Equatable {
    package let method: String
    /// The percent-decoded path, without the query.
    package let path: String
    /// The percent-decoded query items (a repeated name keeps its last value).
    package let query: [String: String]
    /// Header values by lower-cased name.
    package let headers: [String: String]
  }

  private let core: FakeServerCore

  /// - Parameters:
  ///   - v31Records: the JSON array (v3.1 schema) to serve.
  ///   - v2Records: a `/v2/all`-shaped JSON array; when nil, derived from `v31Records`.
  ///   - v5Key: the bearer token `/v5` requires.
  package init(v31Records: Data, v2Records: Data? = nil, v5Key: String = "test-key-0123456789abcdef") throws {
    let api = try FakeCountriesAPI.serving(v31Records: v31Records, v2Records: v2Records, v5Key: v5Key)
    core = try FakeServerCore(api: api)
    core.start()
  }

  deinit { core.stop() }

  package var port: Int { core.port }

  /// `http://127.0.0.1:PORT`
  package var baseURL: String { "http://127.0.0.1:\(core.port)" }

  /// `http://127.0.0.1:PORT/countries/v5`
  package var v5URL: String { "\(baseURL)/countries/v5" }

  /// The bearer token the v5 routes accept.
  package var v5Key: String { core.api.v5.key }

  /// Sets the fault for the following requests and restarts the fault's request count.
  package func setFault(_ fault: Fault) {
    core.state.withLock {
      $0.fault = fault
      $0.faultHits = 0
    }
  }

  /// Every request received so far (recorded before faults apply), oldest first.
  package var requests: [RecordedRequest] { core.state.withLock { $0.requests } }

  package func resetRequests() { core.state.withLock { $0.requests.removeAll() } }

  /// Closes the listening socket, cuts open connections and slow answers short, and waits (at most ~2 s)
  /// for the server's threads to end. Idempotent; later connections are refused.
  package func stop() { core.stop() }
}

/// The sockets and threads behind `FakeRestCountriesServer`, kept apart so that the threads retain this
/// and not the package object, whose deinit can then stop them.
final class FakeServerCore: Sendable {
  struct State {
    var fault = FakeRestCountriesServer.Fault.none
    var faultHits = 0
    var requests: [FakeRestCountriesServer.RecordedRequest] = []
    var stopping = false
    var acceptRunning = false
    var connections: Set<Int32> = []
  }

  struct SocketError: Error, CustomStringConvertible {
    var call: String
    var code: Int32
    var description: String { "FakeRestCountriesServer: \(call) failed: \(String(cString: strerror(code)))" }
  }

  /// What a request gets, decided under the lock when it is recorded.
  private enum Plan {
    case normal
    case quirk(FakeV5API.Quirk)
    case messages(Int, [String])
    case status(Int, retryAfter: Int?)
    case slow(Double)
    case truncated
    case notJSON
    case reset
    case trickle(Double)
    case payload([UInt8])
    case redirect
    case omit(FakeCountriesAPI.Omission)
    case header(Int)
  }

  let api: FakeCountriesAPI
  let listener: Int32
  let port: Int
  let state = Mutex(State())

  private static let pollMilliseconds: Int32 = 50
  private static let requestTimeout: Duration = .seconds(10)
  private static let maximumRequestBytes = 1 << 20

  init(api: FakeCountriesAPI) throws {
    self.api = api
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw SocketError(call: "socket", code: errno) }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0, listen(descriptor, 128) == 0 else {
      let code = errno
      close(descriptor)
      throw SocketError(call: "bind/listen", code: code)
    }
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0 else {
      let code = errno
      close(descriptor)
      throw SocketError(call: "getsockname", code: code)
    }
    listener = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  func start() {
    state.withLock { $0.acceptRunning = true }
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "FakeRestCountriesServer.accept"
    thread.start()
  }

  func stop() {
    state.withLock { state in
      state.stopping = true
      for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
    }
    // Bounded wait for the accept thread (it closes the listener) and the connection threads.
    for _ in 0..<400 {
      if state.withLock({ !$0.acceptRunning && $0.connections.isEmpty }) { return }
      usleep(5_000)
    }
  }

  private var isStopping: Bool { state.withLock { $0.stopping } }

  private func acceptLoop() {
    defer {
      close(listener)
      state.withLock { $0.acceptRunning = false }
    }
    while !isStopping {
      var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Self.pollMilliseconds) > 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if errno != EINTR && errno != EAGAIN && errno != ECONNABORTED { usleep(10_000) }  // e.g. EMFILE
        continue
      }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      let registered = state.withLock { state in
        guard !state.stopping else { return false }
        state.connections.insert(connection)
        return true
      }
      guard registered else {
        close(connection)
        return
      }
      var timeout = timeval(tv_sec: 5, tv_usec: 0)
      setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      let thread = Thread { [self] in serve(connection) }
      thread.name = "FakeRestCountriesServer.connection"
      thread.start()
    }
  }

  private func finish(_ connection: Int32) {
    state.withLock { _ = $0.connections.remove(connection) }
    close(connection)
  }

  private func serve(_ connection: Int32) {
    defer { finish(connection) }
    guard let request = readRequest(connection) else { return }
    guard let request else {
      transmit(FakeCountriesAPI.badRequest, includingBody: true, to: connection)
      return
    }
    let plan = record(request)
    let includeBody = request.method != "HEAD"
    switch plan {
    case .normal:
      transmit(api.respond(to: request), includingBody: includeBody, to: connection)
    case .quirk(let quirk):
      transmit(api.respond(to: request, quirk: quirk), includingBody: includeBody, to: connection)
    case .messages(let status, let messages):
      let token = FakeV5API.token(request)
      let texts = messages.map { $0.replacingOccurrences(of: "{token}", with: token) }
      let response =
        request.path.hasPrefix("/countries/v5")
        ? FakeV5API.error(status, texts) : FakeCountriesAPI.error(status, texts.joined(separator: "; "))
      transmit(response, includingBody: includeBody, to: connection)
    case .status(let status, let retryAfter):
      var response =
        request.path.hasPrefix("/countries/v5")
        ? FakeV5API.error(status, [FakeHTTP.reason(status)]) : FakeCountriesAPI.error(status, FakeHTTP.reason(status))
      if let retryAfter { response.headers.append(("Retry-After", String(retryAfter))) }
      transmit(response, includingBody: includeBody, to: connection)
    case .slow(let seconds):
      guard sleepUnlessStopped(seconds) else { return }
      transmit(api.respond(to: request), includingBody: includeBody, to: connection)
    case .truncated:
      let response = api.respond(to: request)
      guard writeAll(response.head(), to: connection) else { return }
      _ = writeAll(Array(response.body.prefix(response.body.count / 2)), to: connection)
    case .notJSON:
      let html =
        "<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>Down for maintenance</h1></body></html>\n"
      let response = FakeHTTPResponse(
        status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(html.utf8))
      transmit(response, includingBody: includeBody, to: connection)
    case .trickle(let interval):
      let response = api.respond(to: request)
      guard writeAll(response.head(), to: connection) else { return }
      for byte in response.body {
        guard sleepUnlessStopped(interval), writeAll([byte], to: connection) else { return }
      }
    case .payload(let body):
      transmit(
        FakeHTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: body),
        includingBody: includeBody, to: connection)
    case .header(let bytes):
      var response = api.respond(to: request)
      response.headers.append(("X-Padding", String(repeating: "a", count: bytes)))
      transmit(response, includingBody: includeBody, to: connection)
    case .omit(let omission):
      transmit(api.respond(to: request, omitting: omission), includingBody: includeBody, to: connection)
    case .redirect:
      transmit(
        FakeHTTPResponse(status: 302, headers: [("Location", request.path)], body: []), includingBody: includeBody,
        to: connection)
    case .reset:
      var option = linger(l_onoff: 1, l_linger: 0)
      setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }
  }

  private func record(_ request: FakeHTTPRequest) -> Plan {
    state.withLock { state in
      state.requests.append(
        .init(method: request.method, path: request.path, query: request.query, headers: request.headers))
      switch state.fault {
      case .none: return .normal
      case .failFirst(let count, let status):
        guard state.faultHits < count else { return .normal }
        state.faultHits += 1
        return .status(status, retryAfter: nil)
      case .alwaysStatus(let status): return .status(status, retryAfter: nil)
      case .rateLimited(let seconds, let times):
        guard state.faultHits < times else { return .normal }
        state.faultHits += 1
        return .status(429, retryAfter: seconds)
      case .slow(let seconds): return .slow(seconds)
      case .truncatedBody: return .truncated
      case .notJSON: return .notJSON
      case .connectionReset: return .reset
      case .v5(let quirk): return .quirk(quirk)
      case .statusWithMessages(let status, let messages): return .messages(status, messages)
      case .flaky(let status):
        state.faultHits += 1
        return state.faultHits % 2 == 1 ? .status(status, retryAfter: nil) : .normal
      case .trickle(let interval): return .trickle(interval)
      case .payload(let body): return .payload(body)
      case .redirectLoop: return .redirect
      case .omitFromChunks(let code, let field): return .omit(.init(code: code, field: field))
      case .oversizedHeader(let bytes): return .header(bytes)
      }
    }
  }

  /// Sleeps in 10 ms steps; false when `stop()` cut it short.
  private func sleepUnlessStopped(_ seconds: Double) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int((max(0, seconds) * 1000).rounded()))
    while ContinuousClock.now < deadline {
      if isStopping { return false }
      usleep(10_000)
    }
    return !isStopping
  }

  /// The request, `.some(nil)` when it is malformed, nil when the peer left, the request took longer than
  /// 10 s or the server is stopping.
  private func readRequest(_ connection: Int32) -> FakeHTTPRequest?? {
    let deadline = ContinuousClock.now + Self.requestTimeout
    var buffer: [UInt8] = []
    var headEnd: Int?
    var needed = Int.max
    while buffer.count < needed {
      if headEnd == nil, let end = Self.find([13, 10, 13, 10], in: buffer) {
        headEnd = end
        guard let request = FakeHTTP.parseHead(buffer[..<end]) else { return .some(nil) }
        let bodyLength = request.headers["content-length"].flatMap { Int($0) } ?? 0
        guard bodyLength >= 0, bodyLength <= Self.maximumRequestBytes else { return .some(nil) }
        needed = end + 4 + bodyLength
        if buffer.count >= needed { break }
      }
      if headEnd == nil, buffer.count > Self.maximumRequestBytes { return .some(nil) }
      if isStopping || ContinuousClock.now >= deadline { return nil }
      var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Self.pollMilliseconds) > 0 else { continue }
      let chunk: [UInt8]
      do {
        chunk = try SystemCall.read(connection, upTo: 8192)
      } catch {
        if error.code == EAGAIN { continue }
        return nil
      }
      guard !chunk.isEmpty else { return nil }
      buffer.append(contentsOf: chunk)
    }
    guard let headEnd else { return nil }
    return .some(FakeHTTP.parseHead(buffer[..<headEnd]))
  }

  private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= pattern.count else { return nil }
    for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
      if Array(bytes[start..<start + pattern.count]) == pattern { return start }
    }
    return nil
  }

  private func transmit(_ response: FakeHTTPResponse, includingBody: Bool, to connection: Int32) {
    _ = writeAll(response.head() + (includingBody ? response.body : []), to: connection)
  }

  /// Writes all bytes; false when the peer is gone, the 5 s send timeout passed or `stop()` shut it down.
  private func writeAll(_ bytes: [UInt8], to connection: Int32) -> Bool {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    return bytes.withUnsafeBytes { raw in
      (try? SystemCall.writeAll(raw) { send(connection, $0, $1, flags) }) != nil
    }
  }
}
