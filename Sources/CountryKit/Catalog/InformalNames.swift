/// Names people use for a country that are not its names in the data: a part for the whole
/// (England), a former name (Zaire, Persia, Burma, Ceylon, Siam) or an old spelling (Kiev).
///
/// Each resolves to the country it means, is found by `search`, and comes with a note that says
/// what the name is, so the card never pretends that England is a country of its own.
enum InformalNames {
  struct Entry: Sendable {
    let name: String
    let cca3: String
    let note: String
  }

  static let entries: [Entry] = [
    Entry(name: "England", cca3: "GBR", note: "England is a country of the United Kingdom"),
    Entry(name: "Scotland", cca3: "GBR", note: "Scotland is a country of the United Kingdom"),
    Entry(name: "Wales", cca3: "GBR", note: "Wales is a country of the United Kingdom"),
    Entry(name: "Northern Ireland", cca3: "GBR", note: "Northern Ireland is a part of the United Kingdom"),
    Entry(name: "Holland", cca3: "NLD", note: "Holland is a region of the Netherlands"),
    Entry(name: "Zaire", cca3: "COD", note: "Zaire was DR Congo's name from 1971 to 1997"),
    Entry(name: "Persia", cca3: "IRN", note: "Persia is Iran's historical name in the West, used until 1935"),
    Entry(name: "Burma", cca3: "MMR", note: "Burma was Myanmar's official name until 1989"),
    Entry(name: "Ceylon", cca3: "LKA", note: "Ceylon was Sri Lanka's name until 1972"),
    Entry(name: "Siam", cca3: "THA", note: "Siam was Thailand's name until 1939"),
    Entry(name: "Kiev", cca3: "UKR", note: "Kiev is the Russian-derived spelling of Kyiv, Ukraine's capital"),
  ]

  static let byFoldedName: [String: Entry] = Dictionary(
    entries.map { (TextFolding.fold($0.name), $0) }, uniquingKeysWith: { first, _ in first })
}

extension CountryCatalog {
  /// The note for an informal name (`england` → "England is a country of the United Kingdom"),
  /// when `text` is one and names this country.
  public func informalNameNote(_ text: String, for country: Country) -> String? {
    guard let entry = InformalNames.byFoldedName[TextFolding.fold(text)], entry.cca3 == country.cca3 else {
      return nil
    }
    return entry.note
  }
}
