import CountryModel
import CtrySystem
import FoundationEssentials

/// GETs with retries: exponential back-off with jitter on connection errors, timeouts, 5xx and 429, at
/// most 10 attempts however configured. A `Retry-After` can lengthen a wait but never shorten it below
/// the back-off; one that would end after the configuration's deadline (counted from this fetcher's
/// creation) fails at once, saying when the server asks to be tried again. 2xx, 304 and 404 are
/// answers (404 is "no match" to REST Countries).
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
    let attempts = min(max(1, configuration.maxAttempts), APIConfiguration.attemptRange.upperBound)
    while true {
      let failure: APIError
      var retryAfter: Duration?
      do {
        let response = try await transport.send(request, maxBytes: configuration.maxBytes, progress: progress)
        if (200...299).contains(response.status) || response.status == 304 || response.status == 404 {
          return response
        }
        retryAfter = Self.retryAfter(response.headers["retry-after"])
        let message = Self.serverMessage(response.body).map { configuration.key?.redacting($0) ?? $0 }
        failure = .http(status: response.status, message: message)
      } catch {
        failure = .transport(error)
      }
      guard failure.isRetryable, attempt < attempts, !Task.isCancelled else {
        if Task.isCancelled { throw .transport(.cancelled) }
        throw Self.withWait(failure, retryAfter)
      }
      // The server's Retry-After may lengthen the wait, never shorten it below the back-off (a
      // `Retry-After: 0` would otherwise make a retry storm).
      let delay = max(retryAfter ?? .zero, backoff(attempt))
      // A wait that would outlast the deadline fails now, with the server's answer and its wish.
      guard delay <= configuration.deadline - (ContinuousClock.now - started) else {
        throw Self.withWait(failure, retryAfter)
      }
      do {
        try await sleep(delay)
      } catch {
        throw .transport(.cancelled)
      }
      attempt += 1
    }
  }

  /// `failure`, saying when the server asks to be tried again if it said so.
  static func withWait(_ failure: APIError, _ retryAfter: Duration?) -> APIError {
    guard let retryAfter, retryAfter > .zero else { return failure }
    let seconds = Double(retryAfter.components.seconds)
    return .serverAsksToWait(failure, wait: retryAfter, until: Date(timeIntervalSinceNow: seconds))
  }

  func backoff(_ attempt: Int) -> Duration {
    let base = configuration.retryBaseDelay.inSeconds
    let seconds = min(8, base * Double(1 << min(max(attempt - 1, 0), 30)) * jitter())
    return .milliseconds(Int(seconds * 1000))
  }

  /// The longest Retry-After taken literally (ten years); longer ones count as this.
  static let longestRetryAfter = 315_360_000

  /// `Retry-After: 2` or an HTTP date, at least 0 and at most ten years; nil when unreadable.
  static func retryAfter(_ value: String?) -> Duration? {
    guard let value = value?.trimmingWhitespace(), !value.isEmpty, value.count < 64 else { return nil }
    if value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) {
      // Digits too many for an Int are a very long wait, not a trap.
      let seconds = Int(value) ?? (value.hasPrefix("-") ? 0 : longestRetryAfter)
      return .seconds(min(longestRetryAfter, max(0, seconds)))
    }
    guard let date = HTTPDate.parse(value) else { return nil }
    let seconds = date.timeIntervalSinceNow.rounded(.up)
    guard seconds.isFinite else { return nil }
    return .seconds(Int(min(Double(longestRetryAfter), max(0, seconds))))
  }

  /// The server's own words: v3.1 and v2 send `{"status":503,"message":"…"}`, v5
  /// `{"errors":[{"message":"…"}, …]}` (joined with "; "). Made safe for one line, and short.
  static func serverMessage(_ body: Data) -> String? {
    guard !body.isEmpty, body.count < 64 * 1024,
      let object = try? TapeDecoder.decode(ServerErrorBody.self, from: body)
    else { return nil }
    var messages = (object.errors ?? []).prefix(5).compactMap(\.message)
    if messages.isEmpty, let message = object.message { messages.append(message) }
    let cleaned = messages.map { Sanitized.line($0, limit: 200) }.filter { !$0.isEmpty }
    return cleaned.isEmpty ? nil : cleaned.joined(separator: "; ")
  }

}

/// An error body: `{"message": "…"}`, or v5's `{"errors": [{"message": "…"} or "…", …]}`. A field of
/// another shape counts as absent.
private struct ServerErrorBody: Decodable {
  var message: String?
  var errors: [Entry]?

  struct Entry: Decodable {
    var message: String?

    init(from decoder: any Decoder) throws {
      if let text = try? decoder.singleValueContainer().decode(String.self) {
        message = text
      } else {
        message = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .message)
      }
    }

    enum CodingKeys: String, CodingKey { case message }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    message = try? container.decodeIfPresent(String.self, forKey: .message)
    errors = try? container.decodeIfPresent([Entry].self, forKey: .errors)
  }

  enum CodingKeys: String, CodingKey { case message, errors }
}
