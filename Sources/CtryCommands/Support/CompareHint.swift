import CountryModel
import CtrySystem

/// `details Egypt Japan` names two countries where one is expected: the hint is the `compare` line
/// that puts them side by side.
enum CompareHint {
  /// The most words a text is split into countries for the hint (a few resolves per split point).
  static let maximumWords = 12

  /// `error` with its hint replaced by `compare …` when `text` is two or more countries typed one
  /// after another (`Egypt Japan`, `new zealand south africa`); else `error` as it was.
  static func adding(to error: CtryError, text: String, in catalog: CountryCatalog) -> CtryError {
    guard let countries = countries(in: text, catalog: catalog) else { return error }
    var error = error
    error.hint = "to put them side by side: compare " + countries.map { quoted($0.name.common) }.joined(separator: " ")
    return error
  }

  /// The fewest countries whose names (or codes), one after another, make up `text`; nil unless that
  /// is two or more different countries.
  static func countries(in text: String, catalog: CountryCatalog) -> [Country]? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard (2...maximumWords).contains(words.count) else { return nil }
    // best[end]: the fewest countries that make up words[0..<end], each with where its words start.
    var best: [[(start: Int, country: Country)]?] = Array(repeating: nil, count: words.count + 1)
    best[0] = []
    for end in 1...words.count {
      for start in 0..<end {
        guard let before = best[start] else { continue }
        // A typo taken for a country is not a country named: only names, codes and other names count.
        guard case .found(let country, let reading) = catalog.resolve(words[start..<end].joined(separator: " ")),
          reading != .typo
        else { continue }
        if best[end].map({ before.count + 1 < $0.count }) ?? true { best[end] = before + [(start, country)] }
      }
    }
    guard let found = best[words.count]?.map(\.country), found.count >= 2 else { return nil }
    guard Set(found.map(\.cca3)).count == found.count else { return nil }
    return found
  }

  /// A name as a command line word: `Japan`, `'New Zealand'`, `"Côte d'Ivoire"`.
  static func quoted(_ name: String) -> String {
    if name.contains("'") { return "\"\(name)\"" }
    return name.contains(" ") ? "'\(name)'" : name
  }
}
