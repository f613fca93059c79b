import CountryModel
import CtrySystem

extension CountryCatalog {
  /// The country `text` names, with the line to show on stderr when it was read as something other
  /// than one of its names or codes: another name's note (`England is a country of the United
  /// Kingdom; showing United Kingdom`), or the typo it corrected (`taking 'Switzerland' for
  /// 'swizerland'`). Every command that takes a country reads it here.
  func lookUp(_ text: String) throws(CtryError) -> (country: Country, notes: [String]) {
    let (country, reading) = try require(text)
    switch reading {
    case .asTyped:
      return (country, [])
    case .otherName(let note):
      return (country, ["\(note); showing \(country.name.common)"])
    case .typo:
      return (country, ["taking '\(country.name.common)' for '\(EchoedInput.shortened(text))'"])
    }
  }
}
