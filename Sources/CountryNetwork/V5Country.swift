import CountryModel
import FoundationEssentials

/// A REST Countries v5 record, mapped whole into the v3.1 model (see `docs/REST-COUNTRIES-V5.md`'s table):
/// every v3.1 key v5 fills, plus what v5 adds (`memberships`, `government_type`, the capitals' roles,
/// `parent`, `classification.dependency_type` and `.disputed`).
///
/// Only `names.common`, `codes.alpha_2` and `codes.alpha_3` are required; any other part that is
/// missing or has an unexpected type is left out rather than failing the refresh. Unknown keys
/// (`_match`, `_meta`, `leaders`, `units`, …) are ignored.
struct V5Country: Decodable {
  var country: Country

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  private struct NamePair: Decodable {
    var common: String?
    var official: String?
  }

  private struct Coordinates: Decodable {
    var lat: Double?
    var lng: Double?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      lat = container.lenientDouble(Key("lat")) ?? container.lenientDouble(Key("latitude"))
      lng = container.lenientDouble(Key("lng")) ?? container.lenientDouble(Key("longitude"))
    }

    var latlng: [Double]? {
      guard let lat, let lng, lat.isFinite, lng.isFinite else { return nil }
      return [lat, lng]
    }
  }

  private struct Capital: Decodable {
    var name: String?
    var coordinates: Coordinates?
    var roles: [String]

    static let roleOrder = ["primary", "executive", "legislative", "judicial", "administrative", "constitutional"]

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      name = container.lenientString(Key("name"))
      coordinates = try? container.decodeIfPresent(Coordinates.self, forKey: Key("coordinates"))
      let attributes = try? container.nestedContainer(keyedBy: Key.self, forKey: Key("attributes"))
      roles = Self.roleOrder.filter { attributes?.lenientBool(Key($0)) == true }
    }

    var isPrimary: Bool { roles.contains("primary") }
  }

  private struct Money: Decodable {
    var code: String?
    var name: String?
    var symbol: String?
  }

  private struct Language: Decodable {
    var iso6391: String?
    var iso6392b: String?
    var iso6392t: String?
    var iso6393: String?
    var name: String?

    enum CodingKeys: String, CodingKey {
      case iso6391 = "iso639_1"
      case iso6392b = "iso639_2b"
      case iso6392t = "iso639_2t"
      case iso6393 = "iso639_3"
      case name
    }
  }

  init(from decoder: any Decoder) throws {
    let root = try decoder.container(keyedBy: Key.self)
    let names = try root.nestedContainer(keyedBy: Key.self, forKey: Key("names"))
    let codes = try root.nestedContainer(keyedBy: Key.self, forKey: Key("codes"))
    let common = try names.decode(String.self, forKey: Key("common"))
    let cca2 = try codes.decode(String.self, forKey: Key("alpha_2"))
    let cca3 = try codes.decode(String.self, forKey: Key("alpha_3"))
    func text(_ container: KeyedDecodingContainer<Key>?, _ key: String) -> String? {
      guard let value = container?.lenientString(Key(key)), !value.isEmpty else { return nil }
      return value
    }
    func object(_ key: String, in container: KeyedDecodingContainer<Key> = root) -> KeyedDecodingContainer<Key>? {
      try? container.nestedContainer(keyedBy: Key.self, forKey: Key(key))
    }
    func list<T: Decodable>(_ type: T.Type, _ key: String, in container: KeyedDecodingContainer<Key> = root) -> [T]? {
      try? container.decodeIfPresent([T].self, forKey: Key(key))
    }
    func localNames(_ key: String) -> [String: LocalName]? {
      guard let pairs = try? names.decodeIfPresent([String: NamePair].self, forKey: Key(key)) else { return nil }
      var result: [String: LocalName] = [:]
      for (language, pair) in pairs {
        guard let common = pair.common ?? pair.official else { continue }
        result[language] = LocalName(official: pair.official ?? common, common: common)
      }
      return result.isEmpty ? nil : result
    }

    var country = Country(
      name: CountryName(common: common, official: text(names, "official") ?? common, nativeName: localNames("native")),
      cca2: cca2, cca3: cca3, region: text(root, "region") ?? "")
    country.altSpellings = list(String.self, "alternates", in: names)
    country.translations = localNames("translations")
    country.ccn3 = text(codes, "ccn3")
    country.cioc = text(codes, "cioc")
    country.fifa = text(codes, "fifa")

    // Capitals: names with the primary one first; its coordinates are capitalInfo's.
    let capitals = (list(Capital.self, "capitals") ?? []).filter { $0.name?.isEmpty == false }
    let ordered = capitals.filter(\.isPrimary) + capitals.filter { !$0.isPrimary }
    if !ordered.isEmpty {
      country.capital = ordered.compactMap(\.name)
      if let latlng = ordered[0].coordinates?.latlng { country.capitalInfo = CapitalInfo(latlng: latlng) }
      if ordered.contains(where: { $0.roles.contains { $0 != "primary" } }) {
        country.capitalRoles = ordered.compactMap { capital in
          capital.name.map { CapitalRole(name: $0, roles: capital.roles) }
        }
      }
    }

    country.latlng = (try? root.decodeIfPresent(Coordinates.self, forKey: Key("coordinates")))?.latlng
    country.area = object("area").flatMap { $0.lenientDouble(Key("kilometers")) } ?? root.lenientDouble(Key("area"))
    country.population = root.lenientInt(Key("population"))
    country.subregion = text(root, "subregion")
    country.continents = list(String.self, "continents")
    country.borders = list(String.self, "borders")
    country.idd = Self.callingCode(list(String.self, "calling_codes") ?? [])
    if let cars = object("cars") {
      let car = Car(
        signs: try? cars.decodeIfPresent([String].self, forKey: Key("signs")), side: text(cars, "driving_side"))
      if car.signs != nil || car.side != nil { country.car = car }
    }
    var money: [String: Currency] = [:]
    for currency in list(Money.self, "currencies") ?? [] {
      guard let code = currency.code, !code.isEmpty else { continue }
      money[code] = Currency(name: currency.name ?? code, symbol: currency.symbol)
    }
    if !money.isEmpty { country.currencies = money }
    var spoken: [String: String] = [:]
    for language in list(Language.self, "languages") ?? [] {
      guard let name = language.name, !name.isEmpty else { continue }
      let code = [language.iso6393, language.iso6392t, language.iso6392b, language.iso6391]
        .compactMap { $0 }.first { !$0.isEmpty }
      spoken[code ?? name.lowercased()] = name
    }
    if !spoken.isEmpty { country.languages = spoken }
    if let demonyms = try? root.decodeIfPresent([String: Demonym].self, forKey: Key("demonyms")), !demonyms.isEmpty {
      country.demonyms = demonyms
    }
    country.startOfWeek = text(object("date"), "start_of_week")
    if let economy = object("economy"), let gini = Self.numbers(in: economy, "gini_coefficient"), !gini.isEmpty {
      country.gini = gini
    }
    if let classification = object("classification") {
      country.unMember = classification.lenientBool(Key("un_member"))
      country.independent = classification.lenientBool(Key("sovereign"))
      country.status = text(classification, "iso_status")
      country.dependencyType = text(classification, "dependency_type")
      country.disputed = classification.lenientBool(Key("disputed"))
    }
    // `parent`: `{"alpha_2", "alpha_3"}` (null for a sovereign state); the alpha-3 code, else the alpha-2.
    let parent = object("parent")
    let code = (text(parent, "alpha_3") ?? text(parent, "alpha_2") ?? text(root, "parent"))?.uppercased()
    if let code, (2...3).contains(code.count), code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) {
      country.parent = code
    }
    country.landlocked = root.lenientBool(Key("landlocked"))
    country.timezones = list(String.self, "timezones")
    country.tld = list(String.self, "tlds")
    if let postal = object("postal_code") {
      let code = PostalCode(format: text(postal, "format"), regex: text(postal, "regex"))
      if code.format != nil || code.regex != nil { country.postalCode = code }
    }
    let flag = object("flag")
    country.flag = text(flag, "emoji") ?? Country.emoji(forAlpha2: cca2)
    let images = ImageLinks(png: text(flag, "url_png"), svg: text(flag, "url_svg"), alt: text(flag, "description"))
    if images.png != nil || images.svg != nil || images.alt != nil { country.flags = images }
    if let links = object("links") {
      let maps = Maps(googleMaps: text(links, "google_maps"), openStreetMaps: text(links, "open_street_maps"))
      if maps.googleMaps != nil || maps.openStreetMaps != nil { country.maps = maps }
    }
    if let memberships = object("memberships") {
      var flags: [String: Bool] = [:]
      for key in memberships.allKeys {
        if let member = memberships.lenientBool(key) { flags[key.stringValue] = member }
      }
      if !flags.isEmpty { country.memberships = flags }
    }
    // One answer to "is it in the UN?": `classification.un_member`, else `memberships.un`, in both places.
    if country.unMember == nil { country.unMember = country.memberships?[Membership.un] }
    if let unMember = country.unMember, country.memberships != nil { country.memberships?[Membership.un] = unMember }
    country.governmentType = text(root, "government_type")
    self.country = country
  }

  /// `["+1201", "+1202"]` → root `+1`, suffixes `["201", "202"]`, as v3.1 writes `idd`.
  static func callingCode(_ codes: [String]) -> CallingCode? {
    let digits = codes.map { $0.filter(\.isNumber) }.filter { !$0.isEmpty }
    guard let first = digits.first?.first else { return nil }
    let suffixes = digits.filter { $0.first == first }.map { String($0.dropFirst()) }.filter { !$0.isEmpty }
    return CallingCode(root: "+\(first)", suffixes: suffixes)
  }

  /// `{"2019": 33.3}` (numbers or numeric strings), finite values only.
  private static func numbers(in container: KeyedDecodingContainer<Key>, _ key: String) -> [String: Double]? {
    guard let values = try? container.nestedContainer(keyedBy: Key.self, forKey: Key(key)) else { return nil }
    var result: [String: Double] = [:]
    for entry in values.allKeys {
      if let number = values.lenientDouble(entry), number.isFinite { result[entry.stringValue] = number }
    }
    return result
  }
}
