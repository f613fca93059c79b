import FoundationEssentials

/// One HTTP GET.
public struct HTTPRequest: Sendable, Equatable {
  public var url: URL
  public var headers: [String: String]
  public var timeout: Duration
  /// False for requests that carry a credential: a redirect is then the answer, never followed.
  public var followsRedirects: Bool

  public init(
    url: URL, headers: [String: String] = [:], timeout: Duration = .seconds(15), followsRedirects: Bool = true
  ) {
    self.url = url
    self.headers = headers
    self.timeout = timeout
    self.followsRedirects = followsRedirects
  }
}

/// A response; header names are lower-cased.
public struct HTTPResponse: Sendable, Equatable {
  public var status: Int
  public var headers: [String: String]
  public var body: Data

  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}

/// What can go wrong below HTTP.
public enum TransportError: Error, Sendable, Equatable {
  /// No route, refused, reset, DNS failure: the server could not be reached or dropped us.
  case unreachable(String)
  case timeout
  case tooLarge(limit: Int)
  case cancelled
  case other(String)
}

/// Sends requests; injected so tests and the fake server can stand in for the network.
public protocol HTTPTransport: Sendable {
  /// Sends `request`; reports bytes received so far to `progress`; fails with `.tooLarge` past `maxBytes`.
  func send(_ request: HTTPRequest, maxBytes: Int, progress: (@Sendable (Int) -> Void)?) async throws(TransportError)
    -> HTTPResponse
}
