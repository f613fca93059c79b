import CountryModel
import CtrySystem

extension CountryCatalog {
  /// The country of the subdivision or noted place named `text` (`Hawaii`, `US-HI`, `Somaliland`),
  /// with the note that says what it is (`Hawaii is a state of the United States (US-HI)`); nil when
  /// none is named so or the table cannot be read (the caller's own error then stands). Throws when
  /// the name is a subdivision's in several countries.
  func subdivisionLookUp(_ text: String) throws(CtryError) -> (country: Country, note: String)? {
    guard let table = try? Subdivisions.bundled(), let matches = try? table.named(text) else { return nil }
    var found: [(country: Country, match: SubdivisionMatch)] = []
    for match in matches where !found.contains(where: { $0.country.cca2 == match.countryCode }) {
      guard let country = country(code: match.countryCode) else { continue }
      found.append((country, match))
    }
    guard let first = found.first else { return nil }
    guard found.count == 1 else {
      let names = found.prefix(8).map(\.country.name.common).joined(separator: ", ")
      throw CtryError.notFound(
        "'\(EchoedInput.shortened(text))' is a subdivision of \(found.count) countries: \(names)",
        hint: "name the country")
    }
    switch first.match {
    case .subdivision(let subdivision):
      let note =
        "\(subdivision.name) is \(Self.article(subdivision.kind)) \(subdivision.kind) of "
        + "\(Self.withArticle(first.country.name.common)) (\(subdivision.code))"
      return (first.country, note)
    case .place(let place):
      return (first.country, place.note)
    }
  }

  /// `a state`, `an autonomous community`.
  static func article(_ word: String) -> String {
    guard let letter = word.first?.lowercased() else { return "a" }
    return "aeiou".contains(letter) ? "an" : "a"
  }

  /// A country's common name as a sentence names it: `the United States`, `the Philippines`, `Canada`.
  static func withArticle(_ name: String) -> String {
    let plural: Set<String> = [
      "Bahamas", "Comoros", "Netherlands", "Caribbean Netherlands", "Maldives", "Philippines", "Seychelles",
      "Gambia", "Ivory Coast", "DR Congo",
    ]
    let takesArticle =
      plural.contains(name) || name.hasPrefix("United ") || name.contains("Republic") || name.hasSuffix("Islands")
    return takesArticle ? "the \(name)" : name
  }
}
