/// `name` of a v3.1 record: common and official English names and native names by ISO 639-3 code.
public struct CountryName: Codable, Sendable, Hashable {
  public var common: String
  public var official: String
  public var nativeName: [String: LocalName]?

  public init(common: String, official: String, nativeName: [String: LocalName]? = nil) {
    self.common = common
    self.official = official
    self.nativeName = nativeName
  }
}

/// A name in one language: `{"official": …, "common": …}` (native names and translations).
public struct LocalName: Codable, Sendable, Hashable {
  public var official: String
  public var common: String

  public init(official: String, common: String) {
    self.official = official
    self.common = common
  }
}

/// A currency entry of `currencies`: `{"name": "Egyptian pound", "symbol": "£"}`.
public struct Currency: Codable, Sendable, Hashable {
  public var name: String
  public var symbol: String?

  public init(name: String, symbol: String?) {
    self.name = name
    self.symbol = symbol
  }
}

/// International direct dialling: `{"root": "+2", "suffixes": ["0"]}` → `+20`.
public struct CallingCode: Codable, Sendable, Hashable {
  public var root: String?
  public var suffixes: [String]?

  public init(root: String?, suffixes: [String]?) {
    self.root = root
    self.suffixes = suffixes
  }

  /// The full calling codes (`+20`); a long suffix list (NANP area codes) collapses to the root.
  public var codes: [String] {
    guard let root, !root.isEmpty else { return [] }
    let suffixes = self.suffixes ?? []
    if suffixes.isEmpty || suffixes.count > 3 { return [root] }
    return suffixes.map { root + $0 }
  }
}

/// `demonyms.eng`: `{"f": "Egyptian", "m": "Egyptian"}`.
public struct Demonym: Codable, Sendable, Hashable {
  public var f: String?
  public var m: String?

  public init(f: String?, m: String?) {
    self.f = f
    self.m = m
  }
}

/// `maps`: links to the country on a map.
public struct Maps: Codable, Sendable, Hashable {
  public var googleMaps: String?
  public var openStreetMaps: String?

  public init(googleMaps: String?, openStreetMaps: String?) {
    self.googleMaps = googleMaps
    self.openStreetMaps = openStreetMaps
  }
}

/// `car`: distinguishing signs and driving side.
public struct Car: Codable, Sendable, Hashable {
  public var signs: [String]?
  public var side: String?

  public init(signs: [String]?, side: String?) {
    self.signs = signs
    self.side = side
  }
}

/// `flags` and `coatOfArms`: image links.
public struct ImageLinks: Codable, Sendable, Hashable {
  public var png: String?
  public var svg: String?
  public var alt: String?

  public init(png: String?, svg: String?, alt: String?) {
    self.png = png
    self.svg = svg
    self.alt = alt
  }
}

/// `capitalInfo`: coordinates of the capital.
public struct CapitalInfo: Codable, Sendable, Hashable {
  public var latlng: [Double]?

  public init(latlng: [Double]?) {
    self.latlng = latlng
  }
}

/// A figure with the year it is for: `{"value": 81.9, "year": 2024}` (ctry's own figures, e.g.
/// `lifeExpectancy`).
public struct YearFigure: Codable, Sendable, Hashable {
  public var value: Double
  public var year: Int

  public init(value: Double, year: Int) {
    self.value = value
    self.year = year
  }
}

/// `postalCode`: format and pattern of postal codes.
public struct PostalCode: Codable, Sendable, Hashable {
  public var format: String?
  public var regex: String?

  public init(format: String?, regex: String?) {
    self.format = format
    self.regex = regex
  }
}

/// One capital of `capitalRoles`: its name and roles (`executive`, `legislative`, `judicial`,
/// `administrative`, `constitutional`; `primary` for the main one).
public struct CapitalRole: Codable, Sendable, Hashable {
  public var name: String
  public var roles: [String]

  public init(name: String, roles: [String]) {
    self.name = name
    self.roles = roles
  }
}

/// The organisations whose memberships the data records (`memberships.<key>`): the v5 API's keys, and
/// `mercosur`, which only the bundled data has.
public enum Membership {
  public static let all = [
    "eu", "eurozone", "schengen", "nato", "un", "g7", "g20", "oecd", "opec", "brics", "asean", "african_union",
    "arab_league", "commonwealth", "mercosur",
  ]

  /// The United Nations: the one organisation every flavour of the data answers (`unMember`).
  public static let un = "un"

  /// Display names for the card: `EU`, `African Union`.
  public static func displayName(_ key: String) -> String {
    switch key {
    case "eu", "un", "g7", "g20", "nato", "oecd", "opec", "brics", "asean": return key.uppercased()
    case "eurozone": return "Eurozone"
    case "schengen": return "Schengen"
    case "african_union": return "African Union"
    case "arab_league": return "Arab League"
    case "commonwealth": return "Commonwealth"
    case "mercosur": return "Mercosur"
    default: return key
    }
  }
}
