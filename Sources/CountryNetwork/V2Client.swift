import CountryModel
import CtrySystem
import FoundationEssentials

/// REST Countries v2, the flavour two of the apps used, mapped into the v3.1 model.
struct V2Client: PathLookupClient {
  let fetcher: RetryingFetcher

  static let fields = [
    "name", "alpha2Code", "alpha3Code", "numericCode", "capital", "altSpellings", "region", "subregion",
    "population", "latlng", "demonym", "area", "timezones", "borders", "nativeName", "currencies", "languages",
    "translations", "flag", "callingCodes", "topLevelDomain", "cioc", "independent",
  ]

  func fetchAll(validators: [String: Validator], progress: (@Sendable (Int) -> Void)?) async throws(APIError)
    -> FetchOutcome
  {
    let chunked = ChunkedAllFetcher(fetcher: fetcher, fields: Self.fields, key: "alpha3Code")
    guard let result = try await chunked.fetch(validators: validators, progress: progress) else { return .notModified }
    let records = try ChunkedRecords<V2Country>.decode(result.bodies, key: chunked.key)
    return .fetched(
      FetchedCountries(countries: records.map(\.country), validators: result.validators, bytes: result.bytes))
  }

  package func records(from body: Data) throws(APIError) -> [Country] {
    if let list = try? TapeDecoder.decode([V2Country].self, from: body, dictionaries: .memberByMember) {
      return list.map(\.country)
    }
    return [try decodeRecords(V2Country.self, from: body).country]
  }
}

/// A `/v2` record.
struct V2Country: Decodable {
  struct Currency: Decodable {
    var code: String?
    var name: String?
    var symbol: String?
  }
  struct Language: Decodable {
    var code: String?
    var name: String?

    enum CodingKeys: String, CodingKey {
      case code = "iso639_2"
      case name
    }
  }

  var name: String
  var alpha2Code: String
  var alpha3Code: String
  var numericCode: String?
  var capital: String?
  var altSpellings: [String]?
  var region: String?
  var subregion: String?
  var population: Int?
  var latlng: [Double]?
  var demonym: String?
  var area: Double?
  var timezones: [String]?
  var borders: [String]?
  var nativeName: String?
  var currencies: [Currency]?
  var languages: [Language]?
  var translations: [String: String]?
  var flag: String?
  var callingCodes: [String]?
  var topLevelDomain: [String]?
  var cioc: String?
  var independent: Bool?

  enum CodingKeys: String, CodingKey {
    case name, alpha2Code, alpha3Code, numericCode, capital, altSpellings, region, subregion, population, latlng
    case demonym, area, timezones, borders, nativeName, currencies, languages, translations, flag, callingCodes
    case topLevelDomain, cioc, independent
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    alpha2Code = try container.decode(String.self, forKey: .alpha2Code)
    alpha3Code = try container.decode(String.self, forKey: .alpha3Code)
    numericCode = container.lenientString(.numericCode)
    capital = container.lenientString(.capital)
    altSpellings = try? container.decodeIfPresent([String].self, forKey: .altSpellings)
    region = container.lenientString(.region)
    subregion = container.lenientString(.subregion)
    population = container.lenientInt(.population)
    latlng = try? container.decodeIfPresent([Double].self, forKey: .latlng)
    demonym = container.lenientString(.demonym)
    area = container.lenientDouble(.area)
    timezones = try? container.decodeIfPresent([String].self, forKey: .timezones)
    borders = try? container.decodeIfPresent([String].self, forKey: .borders)
    nativeName = container.lenientString(.nativeName)
    currencies = try container.decodeIfPresent([Currency].self, forKey: .currencies)
    languages = try container.decodeIfPresent([Language].self, forKey: .languages)
    translations = try? container.decodeIfPresent([String: String].self, forKey: .translations)
    flag = container.lenientString(.flag)
    callingCodes = try? container.decodeIfPresent([String].self, forKey: .callingCodes)
    topLevelDomain = try? container.decodeIfPresent([String].self, forKey: .topLevelDomain)
    cioc = container.lenientString(.cioc)
    independent = container.lenientBool(.independent)
  }

  /// v2 translation keys (ISO 639-1, and `br` for Breton) as v3.1's ISO 639-3 keys.
  static let translationKeys = [
    "de": "deu", "es": "spa", "fr": "fra", "ja": "jpn", "it": "ita", "br": "bre", "pt": "por", "nl": "nld",
    "hr": "hrv", "fa": "per", "hu": "hun",
  ]

  var country: Country {
    var country = Country(
      name: CountryName(common: name, official: name), cca2: alpha2Code, cca3: alpha3Code,
      region: region == "Polar" ? "Antarctic" : (region ?? ""))
    country.ccn3 = numericCode
    country.cioc = cioc
    country.independent = independent
    if let capital, !capital.isEmpty { country.capital = [capital] }
    country.altSpellings = altSpellings
    country.subregion = subregion
    country.population = population
    country.latlng = latlng
    country.area = area
    country.timezones = timezones
    country.borders = borders
    country.tld = topLevelDomain
    country.flag = Country.emoji(forAlpha2: alpha2Code)
    if let flag { country.flags = ImageLinks(png: nil, svg: flag, alt: nil) }
    if let demonym, !demonym.isEmpty { country.demonyms = ["eng": Demonym(f: demonym, m: demonym)] }
    var money: [String: CountryModel.Currency] = [:]
    for currency in currencies ?? [] {
      guard let code = currency.code, !code.isEmpty, code != "(none)" else { continue }
      money[code] = CountryModel.Currency(name: currency.name ?? code, symbol: currency.symbol)
    }
    if !money.isEmpty { country.currencies = money }
    var spoken: [String: String] = [:]
    for language in languages ?? [] {
      if let code = language.code, let name = language.name { spoken[code] = name }
    }
    if !spoken.isEmpty { country.languages = spoken }
    if let nativeName, !nativeName.isEmpty {
      let key = languages?.first?.code ?? "und"
      country.name.nativeName = [key: LocalName(official: nativeName, common: nativeName)]
    }
    var localized: [String: LocalName] = [:]
    for (key, value) in translations ?? [:] where !value.isEmpty {
      localized[Self.translationKeys[key] ?? key] = LocalName(official: value, common: value)
    }
    if !localized.isEmpty { country.translations = localized }
    if let code = callingCodes?.first(where: { !$0.isEmpty }) {
      country.idd = CallingCode(root: "+" + code.prefix(1), suffixes: code.count > 1 ? [String(code.dropFirst())] : [])
    }
    return country
  }
}
