/// What decided the home country (the commands word it: `HomeSource.words`).
public enum HomeSource: Sendable, Equatable {
  case saved
  case timeZone(String)
  case locale(String)
  case fallback
}

/// The home country's code (cca2 or cca3) and what decided it.
public struct HomeChoice: Sendable, Equatable {
  public var code: String
  public var source: HomeSource

  public init(code: String, source: HomeSource) {
    self.code = code
    self.source = source
  }
}
