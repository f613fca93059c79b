import Foundation

/// GETs with retries: exponential back-off with jitter on connection errors, timeouts, 5xx and 429,
/// honouring `Retry-After` as long as the wait ends within the configuration's deadline (counted from
/// this fetcher's creation). 2xx, 304 and 404 are answers (404 is "no match" to REST Countries).
///
/// A configuration that cannot work (`APIConfiguration.unusable`) fails before any request. The v5 key
/// goes only to the configured server's origin, and a keyed request does not follow redirects.
public struct RetryingFetcher: Sendable {
  public let configuration: APIConfiguration
  public let transport: any HTTPTransport
  let sleep: @Sendable (Duration) async throws -> Void
  let jitter: @Sendable () -> Double
  let started = ContinuousClock.now

  public init(
    configuration: APIConfiguration, transport: any HTTPTransport = CurlTransport(),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.5...1.5) }
  ) {
    self.configuration = configuration
    self.transport = transport
    self.sleep = sleep
    self.jitter = jitter
  }

  public func get(_ url: URL, headers: [String: String] = [:], progress: (@Sendable (Int) -> Void)? = nil)
    async throws(APIError) -> HTTPResponse
  {
    if let problem = configuration.unusable { throw problem }
    var headers = headers
    headers["Accept"] = "application/json"
    var followsRedirects = true
    if configuration.flavour == .v5, let key = configuration.key {
      guard let origin = configuration.origin, APIConfiguration.origin(of: url.absoluteString) == origin else {
        throw .foreignOrigin(Sanitized.line(url.host ?? url.absoluteString, limit: 100))
      }
      headers["Authorization"] = "Bearer \(key.secret)"
      followsRedirects = false
    }
    let request = HTTPRequest(
      url: url, headers: headers, timeout: configuration.requestTimeout, followsRedirects: followsRedirects)
    var attempt = 1
    while true {
      let failure: APIError
      var retryAfter: Duration?
      do {
        let response = try await transport.send(request, maxBytes: configuration.maxBytes, progress: progress)
        if (200...299).contains(response.status) || response.status == 304 || response.status == 404 {
          return response
        }
        retryAfter = Self.retryAfter(response.headers["retry-after"])
        var message = Self.serverMessage(response.body).map { configuration.key?.redacting($0) ?? $0 }
        if response.status == 429, let retryAfter {
          message = (message.map { "\($0); " } ?? "") + "retry after \(retryAfter.components.seconds) s"
        }
        failure = .http(status: response.status, message: message)
      } catch {
        failure = .transport(error)
      }
      guard failure.isRetryable, attempt < configuration.maxAttempts, !Task.isCancelled else {
        throw Task.isCancelled ? .transport(.cancelled) : failure
      }
      let delay = retryAfter ?? backoff(attempt)
      // A wait that would outlast the deadline fails now, with the server's answer.
      guard delay <= configuration.deadline - (ContinuousClock.now - started) else { throw failure }
      do {
        try await sleep(delay)
      } catch {
        throw .transport(.cancelled)
      }
      attempt += 1
    }
  }

  func backoff(_ attempt: Int) -> Duration {
    let base = configuration.retryBaseDelay.inSeconds
    let seconds = min(8, base * pow(2, Double(attempt - 1)) * jitter())
    return .milliseconds(Int(seconds * 1000))
  }

  /// `Retry-After: 2` or an HTTP date; capped at a day.
  static func retryAfter(_ value: String?) -> Duration? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
    if let seconds = Int(value) { return .seconds(min(86_400, max(0, seconds))) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    let seconds = date.timeIntervalSinceNow.rounded(.up)
    guard seconds.isFinite else { return nil }
    return .seconds(Int(min(86_400, max(0, seconds))))
  }

  /// The server's own words: v3.1 and v2 send `{"status":503,"message":"…"}`, v5
  /// `{"errors":[{"message":"…"}, …]}` (joined with "; "). Made safe for one line, and short.
  static func serverMessage(_ body: Data) -> String? {
    guard !body.isEmpty, body.count < 64 * 1024,
      let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    else { return nil }
    var messages: [String] = []
    if let errors = object["errors"] as? [Any] {
      for error in errors.prefix(5) {
        if let entry = error as? [String: Any], let message = entry["message"] as? String {
          messages.append(message)
        } else if let message = error as? String {
          messages.append(message)
        }
      }
    }
    if messages.isEmpty, let message = object["message"] as? String { messages.append(message) }
    let cleaned = messages.map { Sanitized.line($0, limit: 200) }.filter { !$0.isEmpty }
    return cleaned.isEmpty ? nil : cleaned.joined(separator: "; ")
  }
}
