import CtrySystem
import Glibc

/// Country names in the languages other than English that CLDR names nearly every country in, from
/// `Resources/names.tsv` (made by `Scripts/make-dataset`; `Scripts/dataset/names.py` documents the
/// format and which languages). Only a run asked for another language loads it, never start-up, and
/// it splits the one line of the language it is asked for (`names(in:)`).
public struct CountryNames: BundledResource {
  public static let fileName = "names.tsv"

  /// A language the table has: its code (`fr`) and its English name (`French`).
  public struct Language: Sendable, Hashable {
    public let code: String
    public let name: String

    public init(code: String, name: String) {
      self.code = code
      self.name = name
    }
  }

  /// Every language the table has, sorted by code.
  public let languages: [Language]
  private let bytes: [UInt8]
  private let origin: String
  /// The entries' cca3 codes, in the order of each line's names.
  private let codes: [String]
  /// Each language's line: where its names start (after the English name's tab) and end, and its number.
  private let lines: [String: (names: Range<Int>, number: Int)]

  /// Parses the file's text (`origin` names it in errors).
  public init(text: String, origin: String = CountryNames.fileName) throws(CtryError) {
    try self.init(bytes: Array(text.utf8), origin: origin)
  }

  /// Reads the `@codes` line and where each language's line is; the names of a language are split
  /// when `names(in:)` asks for them.
  package init(bytes: [UInt8], origin: String) throws(CtryError) {
    var codes: [String]?
    var languages: [Language] = []
    var lines: [String: (names: Range<Int>, number: Int)] = [:]
    try Self.forEachLine(in: bytes) { (line, number) throws(CtryError) in
      let (lineStart, lineEnd) = (line.lowerBound, line.upperBound)
      let bad = CtryError(.data, "\(origin):\(number): not a line of names")
      guard let tab = bytes[line].firstIndex(of: UInt8(ascii: "\t")), tab > lineStart else { throw bad }
      let first = String(decoding: bytes[lineStart..<tab], as: UTF8.self)
      if first == "@codes" {
        let fields = bytes[(tab + 1)..<lineEnd].split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        guard codes == nil, !fields.isEmpty, fields.allSatisfy({ $0.count == 3 }) else { throw bad }
        codes = fields.map { String(decoding: $0, as: UTF8.self) }
        return
      }
      guard first.utf8.count <= 8, first.utf8.allSatisfy({ (0x61...0x7A).contains($0) }), lines[first] == nil,
        let second = bytes[(tab + 1)..<lineEnd].firstIndex(of: UInt8(ascii: "\t")), second > tab + 1
      else { throw bad }
      languages.append(Language(code: first, name: String(decoding: bytes[(tab + 1)..<second], as: UTF8.self)))
      lines[first] = ((second + 1)..<lineEnd, number)
    }
    guard let codes, !lines.isEmpty else { throw CtryError(.data, "\(origin): no names") }
    self.codes = codes
    self.languages = languages.sorted { $0.code < $1.code }
    self.bytes = bytes
    self.origin = origin
    self.lines = lines
  }

  /// Whether the table has `code`'s names.
  public func has(_ code: String) -> Bool { lines[code] != nil }

  /// The names in the language `code`, nil for a language the table lacks; an entry the language does
  /// not name is left out (shown in English).
  public func names(in code: String) throws(CtryError) -> LocalNames? {
    guard let (range, number) = lines[code], let language = languages.first(where: { $0.code == code }) else {
      return nil
    }
    let fields = bytes[range].split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
    guard fields.count == codes.count else {
      throw CtryError(.data, "\(origin):\(number): \(fields.count) names for \(codes.count) entries")
    }
    var names: [String: String] = [:]
    names.reserveCapacity(codes.count)
    // A name is text from a file: one with a control character is left out (shown in English).
    for (code, field) in zip(codes, fields) where !field.isEmpty && !field.contains(where: { $0 < 0x20 || $0 == 0x7F })
    {
      names[code] = String(decoding: field, as: UTF8.self)
    }
    return LocalNames(language: language, names: names)
  }

  package static let environmentKey = "CTRY_NAMES"
  package static let contents = "the table of country names in other languages"
  package static let loaded = once()
}

/// The countries' names in one language (`CountryNames.names(in:)`), by cca3.
public struct LocalNames: Sendable {
  public let language: CountryNames.Language
  private let names: [String: String]

  public init(language: CountryNames.Language, names: [String: String]) {
    self.language = language
    self.names = names
  }

  /// The name of the entry with this cca3 code in the language; nil where it has none.
  public func name(of cca3: String) -> String? { names[cca3] }

  /// The name of the entry with this cca3 code in the language, else `english`.
  public func name(of cca3: String, else english: String) -> String { names[cca3] ?? english }

  /// Every name with its entry's cca3 code.
  public var all: [(cca3: String, name: String)] { names.map { ($0.key, $0.value) } }
}
