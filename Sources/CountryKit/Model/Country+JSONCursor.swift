/// Reading v3.1 records with `JSONCursor`: the same fields and rules as the synthesized `Decodable`
/// conformances (names, codes and region required; everything else optional, `null` or absent;
/// unknown keys skipped). `CountryJSONCursorTests` checks that both decoders agree on real payloads.
extension Country {
  init(json cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    self.init(name: CountryName(common: "", official: ""), cca2: "", cca3: "", region: "")
    var required = (name: false, cca2: false, cca3: false, region: false)
    var object = try cursor.beginObject()
    while let key = try cursor.nextKey(in: &object) {
      switch key.bytes.count {
      case 3 where key.is("tld"):
        tld = try cursor.optionalStrings()
      case 3 where key.is("car"): car = try cursor.optional(Car.init(json:))
      case 4 where key.is("name"):
        name = try CountryName(json: &cursor)
        required.name = true
      case 4 where key.is("cca2"):
        cca2 = try cursor.string()
        required.cca2 = true
      case 4 where key.is("ccn3"):
        ccn3 = try cursor.optionalString()
      case 4 where key.is("cca3"):
        cca3 = try cursor.string()
        required.cca3 = true
      case 4 where key.is("cioc"):
        cioc = try cursor.optionalString()
      case 3 where key.is("idd"): idd = try cursor.optional(CallingCode.init(json:))
      case 4 where key.is("area"):
        area = try cursor.optionalDouble()
      case 4 where key.is("flag"):
        flag = try cursor.optionalString()
      case 4 where key.is("maps"): maps = try cursor.optional(Maps.init(json:))
      case 4 where key.is("gini"):
        gini = try cursor.optional { cursor throws(JSONCursor.Mismatch) in
          try cursor.dictionary { cursor throws(JSONCursor.Mismatch) in try cursor.double() }
        }
      case 4 where key.is("fifa"):
        fifa = try cursor.optionalString()
      case 5 where key.is("flags"): flags = try cursor.optional(ImageLinks.init(json:))
      case 6 where key.is("region"):
        region = try cursor.string()
        required.region = true
      default:
        try readRest(key, &cursor)
      }
    }
    guard required == (true, true, true, true) else { throw JSONCursor.Mismatch() }
  }

  /// The other keys, and unknown ones.
  private mutating func readRest(_ key: JSONCursor.Key, _ cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    typealias Mismatch = JSONCursor.Mismatch
    if key.is("status") {
      status = try cursor.optionalString()
    } else if key.is("capital") {
      capital = try cursor.optionalStrings()
    } else if key.is("altSpellings") {
      altSpellings = try cursor.optionalStrings()
    } else if key.is("subregion") {
      subregion = try cursor.optionalString()
    } else if key.is("languages") {
      languages = try cursor.optional { cursor throws(Mismatch) in
        try cursor.dictionary { cursor throws(Mismatch) in try cursor.string() }
      }
    } else if key.is("translations") {
      setTranslations(try cursor.deferredLocalNames())
    } else if key.is("currencies") {
      currencies = try cursor.optional { cursor throws(Mismatch) in try cursor.dictionary(Currency.init(json:)) }
    } else if key.is("population") {
      population = try cursor.optionalInt()
    } else if key.is("populationYear") {
      populationYear = try cursor.optionalInt()
    } else if key.is("borders") {
      borders = try cursor.optionalStrings()
    } else if key.is("latlng") {
      latlng = try cursor.optionalDoubles()
    } else if key.is("independent") {
      independent = try cursor.optionalBool()
    } else if key.is("unMember") {
      unMember = try cursor.optionalBool()
    } else if key.is("landlocked") {
      landlocked = try cursor.optionalBool()
    } else if key.is("demonyms") {
      demonyms = try cursor.optional { cursor throws(Mismatch) in try cursor.dictionary(Demonym.init(json:)) }
    } else if key.is("timezones") {
      timezones = try cursor.optionalStrings()
    } else if key.is("continents") {
      continents = try cursor.optionalStrings()
    } else if key.is("coatOfArms") {
      coatOfArms = try cursor.optional(ImageLinks.init(json:))
    } else if key.is("startOfWeek") {
      startOfWeek = try cursor.optionalString()
    } else if key.is("capitalInfo") {
      capitalInfo = try cursor.optional(CapitalInfo.init(json:))
    } else if key.is("postalCode") {
      postalCode = try cursor.optional(PostalCode.init(json:))
    } else if key.is("memberships") {
      memberships = try cursor.optional { cursor throws(Mismatch) in
        try cursor.dictionary { cursor throws(Mismatch) in try cursor.bool() }
      }
    } else if key.is("governmentType") {
      governmentType = try cursor.optionalString()
    } else if key.is("capitalRoles") {
      capitalRoles = try cursor.optional { cursor throws(Mismatch) in try cursor.array(CapitalRole.init(json:)) }
    } else {
      try cursor.skipValue()
    }
  }
}

extension CountryName {
  init(json cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    var common: String?
    var official: String?
    var nativeName = Deferred<[String: LocalName]?>(wrappedValue: nil)
    try cursor.members { key, cursor throws(JSONCursor.Mismatch) in
      if key.is("common") {
        common = try cursor.string()
      } else if key.is("official") {
        official = try cursor.string()
      } else if key.is("nativeName") {
        nativeName = try cursor.deferredLocalNames()
      } else {
        return false
      }
      return true
    }
    guard let common, let official else { throw JSONCursor.Mismatch() }
    self.init(common: common, official: official)
    setNativeName(nativeName)
  }
}

extension LocalName {
  init(json cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    var official: String?
    var common: String?
    try cursor.members { key, cursor throws(JSONCursor.Mismatch) in
      if key.is("official") {
        official = try cursor.string()
      } else if key.is("common") {
        common = try cursor.string()
      } else {
        return false
      }
      return true
    }
    guard let official, let common else { throw JSONCursor.Mismatch() }
    self.init(official: official, common: common)
  }
}

extension Currency {
  init(json cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    var name: String?
    var symbol: String?
    try cursor.members { key, cursor throws(JSONCursor.Mismatch) in
      if key.is("name") {
        name = try cursor.string()
      } else if key.is("symbol") {
        symbol = try cursor.optionalString()
      } else {
        return false
      }
      return true
    }
    guard let name else { throw JSONCursor.Mismatch() }
    self.init(name: name, symbol: symbol)
  }
}

// The small all-optional parts: each key read with `optional…()`, unknown keys skipped.

extension CallingCode {
  init(json cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    var root: String?
    var suffixes: [String]?
    try cursor.members { key, cursor throws(JSONCursor.Mismatch) in
      if key.is("root") {
        root = try cursor.optionalString()
      } else if key.is("suffixes") {
        suffixes = try cursor.optionalStrings()
      } else {
        return false
      }
      return true
    }
    self.init(root: root, suffixes: suffixes)
  }
}

extension Demonym {
  init(json cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    var f: String?
    var m: String?
    try cursor.members { key, cursor throws(JSONCursor.Mismatch) in
      if key.is("f") {
        f = try cursor.optionalString()
      } else if key.is("m") {
        m = try cursor.optionalString()
      } else {
        return false
      }
      return true
    }
    self.init(f: f, m: m)
  }
}

extension Maps {
  init(json cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    var googleMaps: String?
    var openStreetMaps: String?
    try cursor.members { key, cursor throws(JSONCursor.Mismatch) in
      if key.is("googleMaps") {
        googleMaps = try cursor.optionalString()
      } else if key.is("openStreetMaps") {
        openStreetMaps = try cursor.optionalString()
      } else {
        return false
      }
      return true
    }
    self.init(googleMaps: googleMaps, openStreetMaps: openStreetMaps)
  }
}

extension Car {
  init(json cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    var signs: [String]?
    var side: String?
    try cursor.members { key, cursor throws(JSONCursor.Mismatch) in
      if key.is("signs") {
        signs = try cursor.optionalStrings()
      } else if key.is("side") {
        side = try cursor.optionalString()
      } else {
        return false
      }
      return true
    }
    self.init(signs: signs, side: side)
  }
}

extension ImageLinks {
  init(json cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    var png: String?
    var svg: String?
    var alt: String?
    try cursor.members { key, cursor throws(JSONCursor.Mismatch) in
      if key.is("png") {
        png = try cursor.optionalString()
      } else if key.is("svg") {
        svg = try cursor.optionalString()
      } else if key.is("alt") {
        alt = try cursor.optionalString()
      } else {
        return false
      }
      return true
    }
    self.init(png: png, svg: svg, alt: alt)
  }
}

extension CapitalInfo {
  init(json cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    var latlng: [Double]?
    try cursor.members { key, cursor throws(JSONCursor.Mismatch) in
      guard key.is("latlng") else { return false }
      latlng = try cursor.optionalDoubles()
      return true
    }
    self.init(latlng: latlng)
  }
}

extension CapitalRole {
  init(json cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    var name: String?
    var roles: [String] = []
    try cursor.members { key, cursor throws(JSONCursor.Mismatch) in
      if key.is("name") {
        name = try cursor.string()
      } else if key.is("roles") {
        roles = try cursor.strings()
      } else {
        return false
      }
      return true
    }
    guard let name else { throw JSONCursor.Mismatch() }
    self.init(name: name, roles: roles)
  }
}

extension PostalCode {
  init(json cursor: inout JSONCursor) throws(JSONCursor.Mismatch) {
    var format: String?
    var regex: String?
    try cursor.members { key, cursor throws(JSONCursor.Mismatch) in
      if key.is("format") {
        format = try cursor.optionalString()
      } else if key.is("regex") {
        regex = try cursor.optionalString()
      } else {
        return false
      }
      return true
    }
    self.init(format: format, regex: regex)
  }
}

extension JSONCursor {
  /// A name map (`translations`, `nativeName`): with a source, its shape is checked and its text
  /// kept for `Deferred`; without one, it is decoded now.
  mutating func deferredLocalNames() throws(Mismatch) -> Deferred<[String: LocalName]?> {
    if null() { return Deferred(wrappedValue: nil) }
    guard hasSource else { return Deferred(wrappedValue: try dictionary(LocalName.init(json:))) }
    let text = try rawValue { cursor throws(Mismatch) in try cursor.skipLocalNames() }
    return Deferred(text: text) { text in
      text.withUnsafeBytes { bytes in
        var cursor = JSONCursor(bytes)
        return try? cursor.dictionary(LocalName.init(json:))
      }
    }
  }

  /// Passes over `{"ara": {"official": …, "common": …}, …}`, checking what `LocalName` requires.
  private mutating func skipLocalNames() throws(Mismatch) {
    var object = try beginObject()
    while try nextKey(in: &object) != nil {
      var name = try beginObject()
      var found = (official: false, common: false)
      while let key = try nextKey(in: &name) {
        if key.is("official") {
          try skipString()
          found.official = true
        } else if key.is("common") {
          try skipString()
          found.common = true
        } else {
          try skipValue()
        }
      }
      guard found == (true, true) else { throw Mismatch() }
    }
  }
}
