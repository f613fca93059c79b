/// How each name of a `NameTable` is written, and the language of a native name or translation:
/// what a search shows when it explains a hit (`Hungarian name Egyesült Államok`, `also called
/// Holland`), read from the index rather than from a decoded record. Name `i` of the table is
/// spelling `i` here.
///
/// A part of its own, read only when a search explains a hit: start-up and the name scans copy the
/// folded keys alone.
struct NameSpellings: Sendable, Equatable {
  /// Every spelling, back to back.
  private(set) var textBytes: [UInt8] = []
  /// Where each spelling ends in `textBytes`; it starts where the one before it ends.
  private(set) var ends: [UInt32] = []
  /// Each name's language, a place in `languageCodes`; `NameSpellings.noLanguage` for an English
  /// name or a capital.
  private(set) var languages: [UInt32] = []
  /// The ISO 639-3 codes the names are in, each once.
  private(set) var languageCodes: [String] = []
  /// While building: each code's place in `languageCodes`.
  private var places: [String: UInt32] = [:]

  static let noLanguage = UInt32.max

  init() {}

  /// Columns that `PackedIndex` has checked: as many of each as there are names, `ends` in order
  /// and within `textBytes`, each language a place in `languageCodes` or `noLanguage`.
  init(textBytes: [UInt8], ends: [UInt32], languages: [UInt32], languageCodes: [String]) {
    self.textBytes = textBytes
    self.ends = ends
    self.languages = languages
    self.languageCodes = languageCodes
  }

  var count: Int { ends.count }

  mutating func append(_ text: String, language: String?) {
    textBytes.append(contentsOf: text.utf8)
    ends.append(UInt32(textBytes.count))
    guard let language else {
      languages.append(Self.noLanguage)
      return
    }
    // A language's common and official names come one after the other: the last place, unhashed.
    if let last = languages.last, last != Self.noLanguage, languageCodes[Int(last)] == language {
      languages.append(last)
    } else if let place = places[language] {
      languages.append(place)
    } else {
      let place = UInt32(languageCodes.count)
      places[language] = place
      languages.append(place)
      languageCodes.append(language)
    }
  }

  /// The same spellings in the same languages (how they were built is not compared).
  static func == (lhs: NameSpellings, rhs: NameSpellings) -> Bool {
    lhs.textBytes == rhs.textBytes && lhs.ends == rhs.ends && lhs.languages == rhs.languages
      && lhs.languageCodes == rhs.languageCodes
  }

  /// How name `index` is written.
  func text(_ index: Int) -> String {
    String(decoding: textBytes[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])], as: UTF8.self)
  }

  /// The language of name `index`, if it is a native name or a translation.
  func language(_ index: Int) -> String? {
    languages[index] == Self.noLanguage ? nil : languageCodes[Int(languages[index])]
  }
}
