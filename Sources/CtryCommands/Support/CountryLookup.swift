import CountryModel
import CtrySystem

extension CountryCatalog {
  /// The country `text` names, with the line to show on stderr when it was read as something other
  /// than one of its names or codes: another name's note (`England is a country of the United
  /// Kingdom; showing United Kingdom`), or the typo it corrected (`taking 'Switzerland' for
  /// 'swizerland'`). Every command that takes a country reads it here.
  ///
  /// `names`: the line's language, whose names are matched too when the data's are not (a name typed in
  /// the language shown, which the data's translations may lack), before a typo is corrected.
  func lookUp(_ text: String, names: LocalNames? = nil) throws(CtryError) -> (country: Country, notes: [String]) {
    let found: (country: Country, reading: Reading)
    do {
      found = try require(text)
    } catch {
      guard let local = localCountry(text, names) else { throw error }
      return (local, [])
    }
    let (country, reading) = found
    if case .typo = reading, let local = localCountry(text, names) { return (local, []) }
    switch reading {
    case .asTyped:
      return (country, [])
    case .otherName(let note):
      return (country, ["\(note); showing \(country.name.common)"])
    case .typo:
      return (country, ["taking '\(country.name.common)' for '\(EchoedInput.shortened(text))'"])
    }
  }

  /// The country whose name in `names`' language is `text`, ignoring case and accents.
  private func localCountry(_ text: String, _ names: LocalNames?) -> Country? {
    guard let names else { return nil }
    let key = TextFolding.fold(text.trimmingWhitespace())
    guard !key.isEmpty, let match = names.all.first(where: { TextFolding.fold($0.name) == key }) else { return nil }
    return country(cca3: match.cca3)
  }
}
