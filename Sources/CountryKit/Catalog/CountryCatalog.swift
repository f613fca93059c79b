import Synchronization

/// An immutable, indexed set of countries: lookup by every code, a folded name index, the border graph.
///
/// Built once per dataset; `CountryStore` swaps whole catalogs, so readers (commands, the completer)
/// never see a half-updated index. A catalog opened from the snapshot database (`CountryCache`) reads
/// its code, name and border indexes from it and decodes a record only when it is read; native names,
/// translations and the folded filter facets are loaded on first use.
public final class CountryCatalog: Sendable {
  /// All countries, sorted by common name; a record is decoded when first read.
  public var countries: CountryList { CountryList(records: records) }
  let records: CountryRecords
  let byCode: [String: Int]
  /// Common, official and alternative names and capitals.
  let primaryNames: [NameEntry]
  /// Land neighbours of each country, by index into `countries`, sorted by common name.
  let adjacency: [[Int]]
  private let derived = Lazy<Derived>()
  private let foldedFacetsCache = Lazy<[FoldedFacets]>()
  private let currencyCache = Lazy<[CurrencyUse]>()
  private let facetCache = Lazy<FacetValues>()
  /// `localNames(at:of:)`, by country position.
  let localNamesCache = Mutex<[Int: FoldedLocalNames]>([:])

  /// What is built on first use.
  final class Derived: Sendable {
    /// Native names and translations.
    let secondaryNames: [NameEntry]
    /// English names, capitals and each of their words, as scalars, for typo matching.
    let typoCandidates: [TypoCandidate]
    /// Common, official and alternative names longer than 3, as scalars, for suggestions.
    let suggestionCandidates: [TypoCandidate]

    init(secondaryNames: [NameEntry], typoCandidates: [TypoCandidate], suggestionCandidates: [TypoCandidate]) {
      self.secondaryNames = secondaryNames
      self.typoCandidates = typoCandidates
      self.suggestionCandidates = suggestionCandidates
    }
  }

  /// Built once: regions, subregions, languages and demonyms.
  var facetValues: FacetValues {
    facetCache.value { records.storedFacetValues() ?? buildFacetValues() }
  }

  /// Built once: `currencies` lists every currency with its users.
  func cachedCurrencies(_ build: () -> [CurrencyUse]) -> [CurrencyUse] {
    currencyCache.value(build)
  }

  public init(countries unsorted: consuming [Country]) {
    var countries = unsorted
    let keys = countries.map { TextFolding.foldedBytes($0.name.common) }
    let order = countries.indices.sorted { lhs, rhs in
      keys[lhs] == keys[rhs]
        ? countries[lhs].name.common < countries[rhs].name.common : keys[lhs].lexicographicallyPrecedes(keys[rhs])
    }
    Self.permute(&countries, into: order)
    var byCode: [String: Int] = [:]
    var names: [NameEntry] = []
    names.reserveCapacity(countries.count * 8)
    // ISO 3166-1 codes (alpha-3, alpha-2, numeric) first, IOC codes only where no ISO code is the
    // same: Bahrain's IOC code BRN is Brunei's alpha-3 code, and BRN must mean Brunei.
    for (index, country) in countries.enumerated() {
      for code in [country.cca3, country.cca2, country.ccn3].compactMap({ $0 }) where !code.isEmpty {
        let key = code.uppercased()
        if byCode[key] == nil { byCode[key] = index }
      }
    }
    for (index, country) in countries.enumerated() {
      if let code = country.cioc, !code.isEmpty, byCode[code.uppercased()] == nil { byCode[code.uppercased()] = index }
    }
    for (index, country) in countries.enumerated() {
      Self.add(country.name.common, .common, index, to: &names)
      Self.add(country.name.official, .official, index, to: &names)
      country.altSpellings?.forEach { Self.add($0, .altSpelling, index, to: &names) }
      country.capital?.forEach { Self.add($0, .capital, index, to: &names) }
    }
    for entry in OtherNames.entries {
      for code in entry.codes {
        if let index = byCode[code] { Self.add(entry.name, .altSpelling, index, to: &names) }
      }
    }
    self.records = CountryRecords(countries)
    self.byCode = byCode
    self.primaryNames = names
    self.adjacency = countries.map { country in
      (country.borders ?? []).compactMap { (code: String) -> Int? in byCode[code.uppercased()] }.sorted()
    }
  }

  /// A catalog over indexes built elsewhere (the snapshot database) and records read on demand.
  init(records: CountryRecords, byCode: [String: Int], primaryNames: [NameEntry], adjacency: [[Int]]) {
    self.records = records
    self.byCode = byCode
    self.primaryNames = primaryNames
    self.adjacency = adjacency
  }

  /// Rearranges `items` so that `items[i]` becomes the old `items[order[i]]`, by swapping along the
  /// permutation's cycles: records move instead of being copied.
  static func permute(_ items: inout [Country], into order: [Int]) {
    var placed = [Bool](repeating: false, count: items.count)
    for start in items.indices where !placed[start] {
      var position = start
      placed[position] = true
      while order[position] != start {
        let next = order[position]
        items.swapAt(position, next)
        placed[next] = true
        position = next
      }
    }
  }

  static func add(_ text: String?, _ field: NameField, _ index: Int, to names: inout [NameEntry]) {
    guard let text, !text.isEmpty else { return }
    let key = TextFolding.foldedBytes(text)
    if !key.isEmpty { names.append(NameEntry(key: key, country: index, field: field)) }
  }

  public var count: Int { records.count }

  /// The country with this cca2, cca3, ccn3 or cioc code (any case); an ISO code wins over an IOC code.
  public func country(code: String) -> Country? {
    byCode[code.uppercased()].map { countries[$0] }
  }

  func index(of country: Country) -> Int? {
    byCode[country.cca3.uppercased()]
  }

  /// Native names and translations (read from the snapshot, or built from the records) and the typo
  /// candidates, once on first use.
  var lazyParts: Derived {
    derived.value {
      let names = records.storedSecondaryNames() ?? buildSecondaryNames()
      var typoCandidates: [TypoCandidate] = []
      for entry in primaryNames {
        let text = entry.text
        typoCandidates.append(TypoCandidate(country: entry.country, scalars: Array(text.unicodeScalars)))
        if entry.key.contains(0x20) {
          for word in text.split(separator: " ") {
            typoCandidates.append(TypoCandidate(country: entry.country, scalars: Array(word.unicodeScalars)))
          }
        }
      }
      let suggestionCandidates = primaryNames.filter { $0.field <= .altSpelling && $0.key.count > 3 }.map {
        TypoCandidate(country: $0.country, scalars: Array($0.text.unicodeScalars))
      }
      return Derived(
        secondaryNames: names, typoCandidates: typoCandidates, suggestionCandidates: suggestionCandidates)
    }
  }

  /// Native names and translations of every record, for the name index.
  func buildSecondaryNames() -> [NameEntry] {
    var names: [NameEntry] = []
    names.reserveCapacity(count * 40)
    for (index, country) in records.all.enumerated() {
      country.name.nativeName?.values.forEach {
        Self.add($0.common, .native, index, to: &names)
        Self.add($0.official, .native, index, to: &names)
      }
      country.translations?.values.forEach {
        Self.add($0.common, .translation, index, to: &names)
        Self.add($0.official, .translation, index, to: &names)
      }
    }
    return names
  }

  /// Each country's folded filter values, built once on first use (filters read every record).
  var facets: [FoldedFacets] {
    foldedFacetsCache.value {
      if let stored = records.storedFoldedFacets() { return stored }
      // The folded translations are the name index's: folded once, for both.
      var translations = [[[UInt8]]](repeating: [], count: count)
      for entry in lazyParts.secondaryNames where entry.field == .translation {
        translations[entry.country].append(entry.key)
      }
      return records.all.enumerated().map { FoldedFacets($1, translations: translations[$0]) }
    }
  }

  /// Builds every lazy index now (the shell does this in the background after the first prompt, so
  /// later commands and Tab find everything ready). Records are decoded as commands read them: over
  /// a snapshot, the indexes need none of them, and holding all 250 would cost some 5 MB.
  public func preload() {
    _ = lazyParts
    _ = facets
    _ = facetValues
  }

  /// Every name entry: the primary ones and the lazily built rest.
}

/// A country's filterable values, folded once.
struct FoldedFacets: Sendable, Equatable {
  let region: String
  let subregion: String
  let capitals: [[UInt8]]
  let languages: Set<String>
  let currencyCodes: Set<String>
  let currencyNames: [[UInt8]]
  let demonyms: Set<String>
  let translations: [[UInt8]]
  /// The sort keys and the one flag a query reads, kept here so that filtering and sorting never copy
  /// a whole `Country`.
  let independent: Bool
  let population: Int
  let area: Double

  init(
    region: String, subregion: String, capitals: [[UInt8]], languages: Set<String>, currencyCodes: Set<String>,
    currencyNames: [[UInt8]], demonyms: Set<String>, translations: [[UInt8]], independent: Bool, population: Int,
    area: Double
  ) {
    self.region = region
    self.subregion = subregion
    self.capitals = capitals
    self.languages = languages
    self.currencyCodes = currencyCodes
    self.currencyNames = currencyNames
    self.demonyms = demonyms
    self.translations = translations
    self.independent = independent
    self.population = population
    self.area = area
  }

  /// The facets of `country`, whose translations, folded, are `translations`.
  init(_ country: Country, translations: [[UInt8]]) {
    self.translations = translations
    independent = country.independent == true
    population = country.population ?? -1
    area = country.area ?? -1
    region = TextFolding.fold(country.region)
    subregion = TextFolding.fold(country.subregion ?? "")
    capitals = (country.capital ?? []).map { Array(TextFolding.fold($0).utf8) }
    languages = Set((country.languages ?? [:]).flatMap { [TextFolding.fold($0.key), TextFolding.fold($0.value)] })
    currencyCodes = Set((country.currencies ?? [:]).keys.map(TextFolding.fold))
    currencyNames = (country.currencies ?? [:]).values.map { Array(TextFolding.fold($0.name).utf8) }
    demonyms = Set((country.demonyms ?? [:]).values.flatMap { [$0.f, $0.m].compactMap { $0 }.map(TextFolding.fold) })
  }
}
