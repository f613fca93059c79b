import CountryModel
import CtrySystem
import FoundationEssentials

/// Which REST Countries API a server speaks.
public enum APIFlavour: String, Sendable, CaseIterable {
  case v31 = "v3.1"
  case v2
  case v5

  /// The hosted service: only v5 is served (v1–v4 were shut down in 2026; v3.1 and v2 are self-hosted).
  public static let hostedV5 = "https://api.restcountries.com/countries/v5"

  /// Where v5 keys are issued.
  public static let signUpURL = "https://restcountries.com/sign-up"

  /// The base URL used when none is given: the hosted v5 API, or the retired hosted v2/v3.1 address
  /// (which `APIConfiguration.unusable` refuses to ask).
  public var defaultBaseURL: String {
    self == .v5 ? Self.hostedV5 : "https://restcountries.com/\(rawValue)"
  }

  /// The flavour a base URL names by its last path segments: `…/v3.1`, `…/v2`, `…/countries/v5` (or `…/v5`).
  public static func inferred(from url: String) -> APIFlavour? {
    let path = (URL(string: url)?.path ?? "").lowercased()
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    if trimmed.hasSuffix("/v3.1") || trimmed.hasSuffix("/v3") { return .v31 }
    if trimmed.hasSuffix("/v2") { return .v2 }
    if trimmed.hasSuffix("/v5") { return .v5 }
    return nil
  }
}

/// Where and how to reach a REST Countries server.
public struct APIConfiguration: Sendable, Equatable, CustomStringConvertible {
  public var baseURL: String
  public var flavour: APIFlavour
  /// The v5 API key (`CTRY_API_KEY` or `set api-key`), sent as `Authorization: Bearer` to `baseURL`'s
  /// origin only. Its description is masked.
  public var key: APIKey?
  /// Whether the server was chosen (`--api`, `CTRY_API_URL`, `set api`) rather than defaulted.
  public var serverChosen: Bool
  /// Records per v5 page (`CTRY_API_PAGE_SIZE`, 2–500; free keys allow up to 100).
  public var pageSize: Int
  /// The cap on one request, from connecting to the last byte; also the longest silence allowed in it.
  public var requestTimeout: Duration
  /// For a whole refresh or `details --live`, retries and waits included.
  public var deadline: Duration
  /// Attempts per request, 1–10 (`attemptRange`) however configured.
  public var maxAttempts: Int
  /// Responses larger than this are refused.
  public var maxBytes: Int
  /// First back-off delay; doubled on each retry, with jitter.
  public var retryBaseDelay: Duration

  public static let defaultPageSize = 100
  /// From the least that fetches every country within ctry's own page bound to the API's most.
  public static let pageSizeRange = V5Client.minimumPageSize...500

  public init(
    baseURL: String? = nil, flavour: APIFlavour? = nil, key: APIKey? = nil, pageSize: Int = defaultPageSize,
    requestTimeout: Duration = .seconds(15), deadline: Duration = .seconds(90), maxAttempts: Int = 3,
    maxBytes: Int = 20 * 1024 * 1024, retryBaseDelay: Duration = .milliseconds(400)
  ) {
    // No server: the hosted v5 API. A server without a flavour: what its URL ends in, else v3.1.
    let flavour = flavour ?? baseURL.map { APIFlavour.inferred(from: $0) ?? .v31 } ?? .v5
    self.baseURL = Self.trimmed(baseURL ?? flavour.defaultBaseURL)
    self.serverChosen = baseURL != nil
    self.flavour = flavour
    self.key = key
    self.pageSize = min(max(pageSize, Self.pageSizeRange.lowerBound), Self.pageSizeRange.upperBound)
    self.requestTimeout = requestTimeout
    self.deadline = deadline
    self.maxAttempts = min(max(Self.attemptRange.lowerBound, maxAttempts), Self.attemptRange.upperBound)
    self.maxBytes = maxBytes
    self.retryBaseDelay = retryBaseDelay
  }

  /// From flags (which win) and the environment: `CTRY_API_URL`, `CTRY_API_VERSION`, `CTRY_API_KEY`
  /// (else `savedKey`, from `set api-key`), `CTRY_API_PAGE_SIZE`, `CTRY_HTTP_TIMEOUT` (seconds: the cap
  /// on each request, and the longest silence within one), `CTRY_HTTP_DEADLINE` (seconds: the cap on a
  /// whole refresh or `details --live`, retries included), `CTRY_HTTP_RETRIES` (attempts, 1–10),
  /// `CTRY_HTTP_BACKOFF` (seconds: the first wait before a retry, doubled for each later one). A bad
  /// value is a usage error naming the variable.
  ///
  /// With no server named, the flavour is v5 at the hosted API. A named server's flavour is
  /// `--api-version`, else what its URL ends in (`/v3.1`, `/v2`, `/countries/v5`), else v3.1.
  public static func resolve(
    url: String?, version: String?, environment: [String: String], savedKey: String? = nil
  ) throws(CtryError) -> APIConfiguration {
    func nonEmpty(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    let versionText = version ?? nonEmpty("CTRY_API_VERSION")
    var chosen: APIFlavour?
    if let versionText {
      guard let flavour = APIFlavour(rawValue: versionText.lowercased()) ?? (versionText == "v3" ? .v31 : nil) else {
        throw CtryError.usage(
          "unknown API version '\(Sanitized.line(versionText, limit: 40))'", hint: "use v3.1, v2 or v5")
      }
      chosen = flavour
    }
    let base = url ?? nonEmpty("CTRY_API_URL")
    if let base { try validate(base) }
    if let text = nonEmpty("CTRY_API_KEY"), !text.trimmingWhitespace().isEmpty,
      APIKey(text) == nil
    {
      throw CtryError.usage(
        "CTRY_API_KEY must be printable ASCII without spaces, at most 512 characters",
        hint: "copy the key from \(APIFlavour.signUpURL) again")
    }
    let keyText = nonEmpty("CTRY_API_KEY") ?? savedKey
    var configuration = APIConfiguration(baseURL: base, flavour: chosen, key: keyText.flatMap(APIKey.init))
    if let text = nonEmpty("CTRY_API_PAGE_SIZE") {
      let range = "\(pageSizeRange.lowerBound) to \(pageSizeRange.upperBound)"
      guard let size = wholeNumber(text), size <= pageSizeRange.upperBound else {
        throw CtryError.usage(
          "CTRY_API_PAGE_SIZE must be a number from \(range), got '\(Sanitized.line(text, limit: 40))'",
          hint: "free keys allow up to 100")
      }
      // ctry's own bound, not the server's: it stops after maximumPages pages.
      guard size >= pageSizeRange.lowerBound else {
        throw CtryError.usage(
          "CTRY_API_PAGE_SIZE must be at least \(pageSizeRange.lowerBound), got '\(size)': ctry reads at most "
            + "\(V5Client.maximumPages) pages, too few for \(V5Client.expectedCountries) countries at \(size) a page",
          hint: "use \(range) (free keys allow up to 100)")
      }
      configuration.pageSize = size
    }
    if let text = nonEmpty("CTRY_HTTP_TIMEOUT") {
      configuration.requestTimeout = try seconds(text, "CTRY_HTTP_TIMEOUT", in: 0.1...3600)
    }
    if let text = nonEmpty("CTRY_HTTP_DEADLINE") {
      configuration.deadline = try seconds(text, "CTRY_HTTP_DEADLINE", in: 1...3600)
    }
    if let text = nonEmpty("CTRY_HTTP_BACKOFF") {
      configuration.retryBaseDelay = try seconds(text, "CTRY_HTTP_BACKOFF", in: 0.01...60)
    }
    if let text = nonEmpty("CTRY_HTTP_RETRIES") {
      guard let attempts = wholeNumber(text), attemptRange.contains(attempts) else {
        throw CtryError.usage(
          "CTRY_HTTP_RETRIES must be a whole number of attempts from 1 to \(attemptRange.upperBound), "
            + "got '\(Sanitized.line(text, limit: 40))'")
      }
      configuration.maxAttempts = attempts
    }
    return configuration
  }

  /// The overall deadline of `details --live`: the configured deadline, at most 30 s.
  public var liveDeadline: Duration { min(deadline, .seconds(30)) }

  /// Attempts per request, however configured.
  public static let attemptRange = 1...10

  /// `text` as a number of seconds within `range` (finite, so never a trap), else a usage error that
  /// names the variable and the range.
  static func seconds(_ text: String, _ name: String, in range: ClosedRange<Double>) throws(CtryError) -> Duration {
    guard let seconds = decimal(text), seconds.isFinite, range.contains(seconds),
      let milliseconds = Int(exactly: (seconds * 1000).rounded())
    else {
      let low = range.lowerBound == range.lowerBound.rounded() ? String(Int(range.lowerBound)) : "\(range.lowerBound)"
      throw CtryError.usage(
        "\(name) must be a number of seconds between \(low) and \(Int(range.upperBound)), "
          + "got '\(Sanitized.line(text, limit: 40))'")
    }
    return .milliseconds(milliseconds)
  }

  /// A number in plain decimal notation (`30`, `2.5`; white space around it aside), as the
  /// environment's numbers are written: not `0x10`, `1e3`, `inf`, `+5` or `-5`, which `Double(_:)`
  /// and `Int(_:)` would also take.
  static func decimal(_ text: String) -> Double? {
    let trimmed = text.trimmingWhitespace()
    let parts = trimmed.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(digits.contains) }) else { return nil }
    return Double(trimmed)
  }

  /// A whole number in plain decimal notation (see `decimal`), or nil.
  static func wholeNumber(_ text: String) -> Int? {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.contains("."), decimal(trimmed) != nil else { return nil }
    return Int(trimmed)
  }

  /// Throws a usage error unless `base` is an http(s) URL with a host, a port from 1 to 65535 if it
  /// names one, and no `#fragment`: a fragment never reaches a server, and ctry would put it before
  /// the request path and query it appends, so it is refused rather than guessed at.
  public static func validate(_ base: String) throws(CtryError) {
    let shown = Sanitized.line(URLRedaction.redact(base), limit: 200)
    guard let parsed = URL(string: base), let scheme = parsed.scheme?.lowercased(),
      ["http", "https"].contains(scheme),
      parsed.host != nil
    else {
      throw CtryError(.usage, "'\(shown)' is not an http(s) URL", fact: UnusableServerURL())
    }
    if let port = parsed.port, !(1...65535).contains(port) {
      throw CtryError(.usage, "the port in '\(shown)' must be from 1 to 65535, got \(port)", fact: UnusableServerURL())
    }
    if parsed.fragment != nil || base.contains("#") {
      throw CtryError.usage("'\(shown)' has a #fragment, which no server sees", hint: "remove it")
    }
  }

  /// Why no request can be made with this configuration (so none is sent), or nil.
  public var unusable: APIError? {
    switch flavour {
    case .v5: return key == nil ? .missingKey : nil
    case .v31, .v2: return serverChosen ? nil : .retiredServer(flavour.rawValue)
    }
  }

  /// `scheme://host:port` of `baseURL`, the only origin the key is sent to.
  public var origin: String? { Self.origin(of: baseURL) }

  static func origin(of url: String) -> String? {
    guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), let host = parsed.host?.lowercased()
    else { return nil }
    let port = parsed.port ?? (scheme == "https" ? 443 : 80)
    return "\(scheme)://\(host):\(port)"
  }

  /// `baseURL` for people and for anything stored: without its userinfo or query keys.
  public var displayURL: String { URLRedaction.redact(baseURL) }

  /// The URL, the flavour and a masked key: never the key itself.
  public var description: String {
    "\(displayURL) (\(flavour.rawValue))" + (key.map { ", API key \($0)" } ?? "")
  }

  static func trimmed(_ url: String) -> String {
    var url = url
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }
}

/// A REST Countries v5 API key. Printing, interpolating or dumping it shows only its last four
/// characters; `secret` is for the `Authorization` header and the key file alone.
public struct APIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  public let secret: String

  /// Nil for an empty or blank key, or one with characters a header cannot carry.
  public init?(_ text: String) {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty, trimmed.count <= 512,
      trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
    else { return nil }
    secret = trimmed
  }

  /// `set (…a1b2)`: the last four characters, or none of a short key.
  public var masked: String { secret.count >= 12 ? "set (…\(secret.suffix(4)))" : "set" }

  public var description: String { masked }
  public var debugDescription: String { masked }
  public var customMirror: Mirror { Mirror(self, children: ["masked": masked]) }

  /// `text` with every occurrence of the key replaced, for strings that came back from a server.
  public func redacting(_ text: String) -> String {
    text.replacing(secret, with: "[API key]")
  }
}

/// Strings from outside (a server, the environment) made safe for one line of text: control
/// characters and bidi overrides become spaces or are dropped, runs of white space collapse, and the
/// result is cut at `limit` Unicode scalars (`EchoedInput`).
public enum Sanitized {
  public static func line(_ text: String, limit: Int = 300) -> String {
    var out = ""
    var lastWasSpace = false
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
      let isBidi =
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E
        || value == 0x200F || value == 0x061C
      if isBidi { continue }
      if isControl || scalar == " " {
        if !lastWasSpace, !out.isEmpty { out.unicodeScalars.append(" ") }
        lastWasSpace = true
        continue
      }
      out.unicodeScalars.append(scalar)
      lastWasSpace = false
    }
    while out.hasSuffix(" ") { out.removeLast() }
    return EchoedInput.shortened(out, limit: limit)
  }
}
