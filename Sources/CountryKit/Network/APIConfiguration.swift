#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which REST Countries API a server speaks.
public enum APIFlavour: String, Sendable, CaseIterable {
  case v31 = "v3.1"
  case v2
  case v5

  /// The public base URL of this flavour (the hosted v2 and v3.1 are retired; people self-host).
  public var defaultBaseURL: String { "https://restcountries.com/\(rawValue)" }
}

/// Where and how to reach a REST Countries server.
public struct APIConfiguration: Sendable, Equatable {
  public var baseURL: String
  public var flavour: APIFlavour
  /// The v5 API key (`CTRY_API_KEY`), sent as `Authorization: Bearer`.
  public var key: String?
  /// Per request.
  public var requestTimeout: Duration
  /// For a whole refresh, retries included.
  public var deadline: Duration
  public var maxAttempts: Int
  /// Responses larger than this are refused.
  public var maxBytes: Int
  /// First back-off delay; doubled on each retry, with jitter.
  public var retryBaseDelay: Duration

  public init(
    baseURL: String? = nil, flavour: APIFlavour = .v31, key: String? = nil, requestTimeout: Duration = .seconds(15),
    deadline: Duration = .seconds(90), maxAttempts: Int = 3, maxBytes: Int = 20 * 1024 * 1024,
    retryBaseDelay: Duration = .milliseconds(400)
  ) {
    self.baseURL = Self.trimmed(baseURL ?? flavour.defaultBaseURL)
    self.flavour = flavour
    self.key = key
    self.requestTimeout = requestTimeout
    self.deadline = deadline
    self.maxAttempts = max(1, maxAttempts)
    self.maxBytes = maxBytes
    self.retryBaseDelay = retryBaseDelay
  }

  /// From flags (which win) and the environment: `CTRY_API_URL`, `CTRY_API_VERSION`, `CTRY_API_KEY`,
  /// `CTRY_HTTP_TIMEOUT` (seconds per request), `CTRY_HTTP_RETRIES` (attempts).
  public static func resolve(url: String?, version: String?, environment: [String: String]) throws(CtryError)
    -> APIConfiguration
  {
    let versionText = version ?? environment["CTRY_API_VERSION"].flatMap { $0.isEmpty ? nil : $0 }
    var flavour = APIFlavour.v31
    if let versionText {
      guard let chosen = APIFlavour(rawValue: versionText.lowercased()) ?? (versionText == "v3" ? .v31 : nil) else {
        throw CtryError.usage("unknown API version '\(versionText)'", hint: "use v3.1, v2 or v5")
      }
      flavour = chosen
    }
    let base = url ?? environment["CTRY_API_URL"].flatMap { $0.isEmpty ? nil : $0 }
    if let base {
      guard let parsed = URL(string: base), let scheme = parsed.scheme?.lowercased(),
        ["http", "https"].contains(scheme),
        parsed.host != nil
      else {
        throw CtryError.usage("'\(base)' is not an http(s) URL", hint: "e.g. --api http://localhost:8080/v3.1")
      }
    }
    var configuration = APIConfiguration(baseURL: base, flavour: flavour, key: environment["CTRY_API_KEY"])
    if let text = environment["CTRY_HTTP_TIMEOUT"], let seconds = Double(text), seconds > 0 {
      configuration.requestTimeout = .milliseconds(Int(seconds * 1000))
    }
    if let text = environment["CTRY_HTTP_RETRIES"], let attempts = Int(text), attempts > 0 {
      configuration.maxAttempts = attempts
    }
    return configuration
  }

  static func trimmed(_ url: String) -> String {
    var url = url
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }
}
