import CountryKit

/// Everything completion offers from one catalog, built once per catalog on the first Tab.
struct CompletionIndex: Sendable {
  let commonNames: PrefixIndex
  let otherNames: PrefixIndex
  let regions: [String]
  let subregions: [String]
  let languages: [String]
  let currencyCodes: [String]
  let demonyms: [String]

  init(_ catalog: CountryCatalog) {
    commonNames = PrefixIndex(catalog.countries.map { ($0.name.common, $0.name.common) })
    var others: [(match: String, offer: String)] = []
    for country in catalog.countries {
      for name in [country.name.official] + (country.altSpellings ?? []) where name.count > 3 {
        others.append((name, name))
      }
    }
    otherNames = PrefixIndex(others)
    regions = catalog.regions
    subregions = catalog.subregions
    languages = Array(Set(catalog.languages.values)).sorted()
    currencyCodes = catalog.currencies.map(\.code)
    demonyms = catalog.demonyms
  }
}
