import CountryModel
import CtrySystem

extension CountryCatalog {
  /// The country `text` names, with the line to show on stderr when it was read as something other
  /// than one of its names or codes: another name's note (`England is a country of the United
  /// Kingdom; showing United Kingdom`), a subdivision's (`Hawaii is a state of the United States
  /// (US-HI); showing United States`), or the typo it corrected (`taking 'Switzerland' for
  /// 'swizerland'`). Every command that takes a country reads it here. The subdivision table is
  /// read only when no country's name or code is `text`: for an unknown name, or before taking a
  /// typo.
  ///
  /// `names`: the line's language, whose names are matched too when the data's are not (a name typed in
  /// the language shown, which the data's translations may lack), before a subdivision or a typo.
  func lookUp(_ text: String, names: LocalNames?) throws(CtryError) -> (country: Country, notes: [String]) {
    let country: Country
    let reading: Reading
    do {
      (country, reading) = try require(text)
    } catch {
      if let local = localCountry(text, names) { return (local, []) }
      guard error.fact is UnknownCountry, let (place, note) = try subdivisionLookUp(text) else { throw error }
      return (place, ["\(note); showing \(place.name.common)"])
    }
    if case .typo = reading, let local = localCountry(text, names) { return (local, []) }
    switch reading {
    case .asTyped:
      return (country, [])
    case .otherName(let note):
      return (country, ["\(note); showing \(country.name.common)"])
    case .typo:
      if let (place, note) = try subdivisionLookUp(text) {
        return (place, ["\(note); showing \(place.name.common)"])
      }
      return (country, ["taking '\(country.name.common)' for '\(EchoedInput.shortened(text))'"])
    }
  }

  /// The country whose name in `names`' language is `text`, ignoring case and accents.
  func localCountry(_ text: String, _ names: LocalNames?) -> Country? {
    guard let names else { return nil }
    let key = TextFolding.fold(text.trimmingWhitespace())
    guard !key.isEmpty, let match = names.all.first(where: { TextFolding.fold($0.name) == key }) else { return nil }
    return country(cca3: match.cca3)
  }
}
