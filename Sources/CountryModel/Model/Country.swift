/// One country in the REST Countries v3.1 schema.
///
/// The same type decodes the bundled dataset, the disk cache and the live API, and encodes back to the
/// API's own shape, so `jq` recipes written for the API work on ctry's JSON output. Decoding is
/// tolerant: every field but the names, the codes and the region is optional, and unknown keys are
/// ignored.
public struct Country: Codable, Sendable, Hashable {
  public var name: CountryName
  public var tld: [String]?
  public var cca2: String
  public var ccn3: String?
  public var cca3: String
  public var cioc: String?
  public var independent: Bool?
  public var status: String?
  public var unMember: Bool?
  public var currencies: [String: Currency]?
  public var idd: CallingCode?
  public var capital: [String]?
  public var altSpellings: [String]?
  public var region: String
  public var subregion: String?
  public var languages: [String: String]?
  public var translations: [String: LocalName]?
  public var latlng: [Double]?
  public var landlocked: Bool?
  public var borders: [String]?
  public var area: Double?
  public var demonyms: [String: Demonym]?
  public var flag: String?
  public var maps: Maps?
  public var population: Int?
  /// Not in v3.1; a ctry extension: the year `population` counts or estimates (2025 for most of the
  /// CIA World Factbook's figures, 2024 for Kosovo's census). Absent when unknown, as in the API's
  /// own records.
  public var populationYear: Int?
  /// Not in v3.1; a ctry extension: what `population` is and who gives it, worded to follow its year
  /// on a card ("est., CIA World Factbook"). Absent when unknown.
  public var populationSource: String?
  /// Not in v3.1; a ctry extension (CIA World Factbook): real GDP per person at purchasing power
  /// parity, in constant US dollars, with its year.
  public var gdpPerCapitaPPP: YearFigure?
  /// Not in v3.1; a ctry extension (CIA World Factbook): life expectancy at birth in years, with its
  /// year.
  public var lifeExpectancy: YearFigure?
  /// Not in v3.1; a ctry extension (CIA World Factbook): median age in years, with its year.
  public var medianAge: YearFigure?
  public var gini: [String: Double]?
  public var fifa: String?
  public var car: Car?
  public var timezones: [String]?
  /// Not in v3.1; a ctry extension: the IANA time zones the tz database lists for the country's
  /// code (`zone.tab`, in its order; `Europe/Berlin`, `Europe/Busingen`). `timezones` stays the UTC
  /// offsets v3.1 defines. Absent when the tz database lists none (an uninhabited territory).
  public var zones: [String]?
  public var continents: [String]?
  public var flags: ImageLinks?
  public var coatOfArms: ImageLinks?
  public var startOfWeek: String?
  public var capitalInfo: CapitalInfo?
  public var postalCode: PostalCode?
  /// Not in v3.1; v5's `memberships`: membership of international organisations by v5's key (`eu`,
  /// `eurozone`, `schengen`, `nato`, `un`, …; see `Membership`). The bundled data lists, each `true`,
  /// the organisations of its table a country belongs to (`Scripts/dataset/memberships.py`); v5 may
  /// also say `false`. Absent when the data does not say.
  public var memberships: [String: Bool]?
  /// Not in v3.1; from the v5 API (`government_type`), e.g. "Federal parliamentary republic".
  public var governmentType: String?
  /// Not in v3.1; from the v5 API, and in the bundled data for the countries with several capitals:
  /// the capitals (in `capital`'s order) with their roles, when the data names any (Bolivia: Sucre is
  /// constitutional and judicial, La Paz executive and legislative).
  public var capitalRoles: [CapitalRole]?
  /// Not in v3.1; from the v5 API (`parent.alpha_3`): the sovereign state of a territory that is not
  /// independent (`DNK` for Greenland). The bundled data has it for every such entry that has one.
  public var parent: String?
  /// Not in v3.1; from the v5 API (`classification.dependency_type`): what kind of territory it is
  /// under its `parent`, e.g. "autonomous territory", "British Overseas Territory" (see `Sovereignty`).
  public var dependencyType: String?
  /// Not in v3.1; from the v5 API (`classification.disputed`): its status is disputed (Kosovo,
  /// Palestine, Taiwan, Western Sahara in the bundled data, which leaves the key out elsewhere).
  public var disputed: Bool?

  public init(
    name: CountryName, cca2: String, cca3: String, region: String,
    capital: [String]? = nil, subregion: String? = nil, population: Int? = nil,
    borders: [String]? = nil, currencies: [String: Currency]? = nil,
    languages: [String: String]? = nil, flag: String? = nil
  ) {
    self.name = name
    self.cca2 = cca2
    self.cca3 = cca3
    self.region = region
    self.capital = capital
    self.subregion = subregion
    self.population = population
    self.borders = borders
    self.currencies = currencies
    self.languages = languages
    self.flag = flag
  }

  /// The flag emoji, derived from `cca2` when the record has none (the v2 API only has an image URL).
  public var flagEmoji: String {
    if let flag, !flag.isEmpty { return flag }
    return Country.emoji(forAlpha2: cca2)
  }

  /// The organisations the data says the country belongs to, in `Membership.all`'s order: the UN from
  /// `unMember`, the others from `memberships`.
  public var memberOf: [String] {
    let known = Membership.all.filter { isMember(of: $0) == true }
    guard let memberships else { return known }
    return known + memberships.filter { $0.value && !Membership.all.contains($0.key) }.map(\.key).sorted()
  }

  /// Whether the data says the country belongs to `organisation` (a `Membership` key); nil when it
  /// does not say. The UN is `unMember`, which every flavour of the data has (v5's
  /// `memberships.un` is made to agree with it when the record is read); the others come with
  /// `memberships`. The bundled data names only memberships held: where a catalog answers an
  /// organisation for any country, nil is "not a member" (`search --not-member`).
  public func isMember(of organisation: String) -> Bool? {
    if organisation == Membership.un, let unMember { return unMember }
    return memberships?[organisation]
  }

  /// Regional-indicator emoji for a two-letter code (`"EG"` → 🇪🇬); empty for anything else.
  public static func emoji(forAlpha2 code: String) -> String {
    let letters = code.uppercased().unicodeScalars
    guard letters.count == 2, letters.allSatisfy({ $0.value >= 65 && $0.value <= 90 }) else { return "" }
    var out = String.UnicodeScalarView()
    for letter in letters {
      if let scalar = Unicode.Scalar(0x1F1E6 + letter.value - 65) { out.append(scalar) }
    }
    return String(out)
  }
}
