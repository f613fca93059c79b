import Foundation

/// GETs with retries: exponential back-off with jitter on connection errors, timeouts, 5xx and 429,
/// honouring `Retry-After`. 2xx, 304 and 404 are answers (404 is "no match" to REST Countries).
public struct RetryingFetcher: Sendable {
  public let configuration: APIConfiguration
  public let transport: any HTTPTransport
  let sleep: @Sendable (Duration) async throws -> Void
  let jitter: @Sendable () -> Double

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
    var headers = headers
    headers["Accept"] = "application/json"
    if configuration.flavour == .v5 {
      guard let key = configuration.key, !key.isEmpty else { throw .missingKey }
      headers["Authorization"] = "Bearer \(key)"
    }
    let request = HTTPRequest(url: url, headers: headers, timeout: configuration.requestTimeout)
    var attempt = 1
    while true {
      let failure: APIError
      var retryAfter: Duration?
      do {
        let response = try await transport.send(request, maxBytes: configuration.maxBytes, progress: progress)
        if (200...299).contains(response.status) || response.status == 304 || response.status == 404 {
          return response
        }
        failure = .http(status: response.status, message: Self.serverMessage(response.body))
        retryAfter = Self.retryAfter(response.headers["retry-after"])
      } catch {
        failure = .transport(error)
      }
      guard failure.isRetryable, attempt < configuration.maxAttempts, !Task.isCancelled else {
        throw Task.isCancelled ? .transport(.cancelled) : failure
      }
      let delay = retryAfter ?? backoff(attempt)
      do {
        try await sleep(delay)
      } catch {
        throw .transport(.cancelled)
      }
      attempt += 1
    }
  }

  func backoff(_ attempt: Int) -> Duration {
    let base =
      Double(configuration.retryBaseDelay.components.seconds)
      + Double(configuration.retryBaseDelay.components.attoseconds) / 1e18
    let seconds = min(8, base * pow(2, Double(attempt - 1)) * jitter())
    return .milliseconds(Int(seconds * 1000))
  }

  /// `Retry-After: 2` or an HTTP date; capped at a minute.
  static func retryAfter(_ value: String?) -> Duration? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
    if let seconds = Int(value) { return .seconds(min(60, max(0, seconds))) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    return .seconds(min(60, max(0, Int(date.timeIntervalSinceNow.rounded(.up)))))
  }

  /// REST Countries errors look like `{"status":503,"message":"…"}`.
  static func serverMessage(_ body: Data) -> String? {
    guard !body.isEmpty, body.count < 64 * 1024,
      let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
      let message = object["message"] as? String, !message.isEmpty
    else { return nil }
    return message
  }
}
