/// What decided the home country.
public enum HomeSource: Sendable, Equatable, CustomStringConvertible {
  case saved
  case timeZone(String)
  case locale(String)
  case fallback

  public var description: String {
    switch self {
    case .saved: return "saved with 'home COUNTRY'"
    case .timeZone(let zone): return "time zone \(zone)"
    case .locale(let locale): return "locale \(locale)"
    case .fallback: return "default: nothing on this machine names a country"
    }
  }
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
