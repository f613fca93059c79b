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
  func lookUp(_ text: String) throws(CtryError) -> (country: Country, notes: [String]) {
    let country: Country
    let reading: Reading
    do {
      (country, reading) = try require(text)
    } catch  where error.fact is UnknownCountry {
      guard let (country, note) = try subdivisionLookUp(text) else { throw error }
      return (country, ["\(note); showing \(country.name.common)"])
    }
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
}
