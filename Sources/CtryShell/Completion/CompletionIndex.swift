import CountryModel

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
    // Names from the catalog's prepared lists: building the index decodes no country record.
    let names = catalog.completionNames
    commonNames = PrefixIndex(names.common.map { ($0, $0) })
    otherNames = PrefixIndex(names.others.map { ($0, $0) })
    regions = catalog.regions
    subregions = catalog.subregions
    languages = Array(Set(catalog.languages.values)).sorted()
    currencyCodes = catalog.currencyCodes
    demonyms = catalog.demonyms
  }
}
