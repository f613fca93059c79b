import CountryModel
import CtryOutput
import CtrySystem

/// What a quiz asks about.
enum QuizKind: String, CaseIterable, Sendable {
  case capitals, flags, neighbours, currencies
}

/// One question of a quiz about one country: its wording, and how an answer is judged.
struct QuizQuestion: Sendable {
  let kind: QuizKind
  let country: Country
  /// The country's land neighbours (only for `neighbours`), in name order.
  let neighbours: [Country]

  /// How wide a quiz draws a flag, in columns.
  static let flagWidth = 24

  /// The question's one rendering, after its number (`3/10`). `flags` draws the flag above the
  /// question when colour is on (as `flag` does, without the name), and shows the data's emoji otherwise.
  func text(_ number: String, style: Style, names: LocalNames?) -> String {
    let name = Self.name(country, names)
    switch kind {
    case .capitals: return "\(number) Capital of \(name)?"
    case .flags:
      if style.enabled, let raster = try? FlagTable.bundled().raster(for: country.cca2) {
        let drawing = FlagDrawing(raster: raster).lines(columns: Self.flagWidth, depth: style.depth)
        return drawing.joined(separator: "\n") + "\n\(number) Which country has this flag?"
      }
      return "\(number) Which country has this flag? \(country.flag ?? "")"
    case .neighbours: return "\(number) A country bordering \(name)?"
    case .currencies: return "\(number) Currency of \(name)?"
    }
  }

  /// Whether `country` can be asked about: it has a capital, a flag (an emoji), a land neighbour, a currency.
  static func asks(_ kind: QuizKind, about country: Country, in catalog: CountryCatalog) -> QuizQuestion? {
    switch kind {
    case .capitals:
      guard !(country.capital ?? []).isEmpty else { return nil }
    case .flags:
      guard !(country.flag ?? "").isEmpty else { return nil }
    case .currencies:
      guard !(country.currencies ?? [:]).isEmpty else { return nil }
    case .neighbours:
      let neighbours = catalog.neighbours(of: country)
      guard !neighbours.isEmpty else { return nil }
      return QuizQuestion(kind: kind, country: country, neighbours: neighbours)
    }
    return QuizQuestion(kind: kind, country: country, neighbours: [])
  }

  /// How an answer was judged.
  struct Verdict: Equatable, Sendable {
    var right: Bool
    /// The right answer as the data writes it (`Paris`; every neighbour for a wrong one).
    var answer: String
    /// How the answer was read, when not as typed: `taking 'Paris' for 'pari'`, another name's note.
    var note: String?

    /// The line said after the answer: `Right: Paris.`, `Wrong: Paris.`
    var line: String {
      (right ? "Right: " : "Wrong: ") + answer + (note.map { " (\($0))" } ?? "") + "."
    }
  }

  /// Judges `typed`. Countries are read as every command reads them (`CountryCatalog.resolve`: any
  /// language, codes, other names, one typo); capitals and currencies are compared folded (case and
  /// accents aside), with one typo in a word of more than three letters.
  func judge(_ typed: String, in catalog: CountryCatalog, names: LocalNames?) -> Verdict {
    let shown = VisibleEscapes.escaped(EchoedInput.shortened(typed.trimmingWhitespace()))
    switch kind {
    case .capitals:
      let names = catalog.capitalNames(of: country)
      let all = Self.listed(country.capital ?? [])
      guard let (name, exact) = Self.closest(typed, among: names) else { return Verdict(right: false, answer: all) }
      // Another name of the capital (Kiev) is right, with its note, and the data's name.
      if let note = catalog.otherNameNote(name, for: country) {
        return Verdict(right: true, answer: all, note: note)
      }
      return Verdict(right: true, answer: name, note: exact ? nil : "taking '\(name)' for '\(shown)'")
    case .currencies:
      let currencies = (country.currencies ?? [:]).sorted { $0.key < $1.key }
      let all = Self.listed(currencies.map { "\($0.value.name) (\($0.key))" })
      if let code = currencies.first(where: { $0.key.uppercased() == typed.trimmingWhitespace().uppercased() }) {
        return Verdict(right: true, answer: "\(code.value.name) (\(code.key))")
      }
      guard let (name, exact) = Self.closest(typed, among: currencies.map(\.value.name)),
        let code = currencies.first(where: { $0.value.name == name })?.key
      else { return Verdict(right: false, answer: all) }
      return Verdict(right: true, answer: "\(name) (\(code))", note: exact ? nil : "taking '\(name)' for '\(shown)'")
    case .flags:
      return judgeCountry(typed, accepted: [country], in: catalog, names: names)
    case .neighbours:
      return judgeCountry(typed, accepted: neighbours, in: catalog, names: names)
    }
  }

  /// A country answer, read as `lookUp` reads a country: the data's names, then the names of the
  /// language shown (before a typo is taken), and told in that language.
  private func judgeCountry(
    _ typed: String, accepted: [Country], in catalog: CountryCatalog, names: LocalNames?
  ) -> Verdict {
    let wrong = Verdict(right: false, answer: Self.listed(accepted.map { Self.name($0, names) }))
    let codes = Set(accepted.map(\.cca3))
    var resolved = catalog.resolve(typed)
    switch resolved {
    case .found(_, .asTyped), .found(_, .otherName): break
    default:
      // A miss or a typo: a name in the language shown comes first.
      if let local = catalog.localCountry(typed, names) { resolved = .found(local, .asTyped) }
    }
    switch resolved {
    case .found(let found, let reading) where codes.contains(found.cca3):
      let name = Self.name(found, names)
      switch reading {
      case .asTyped: return Verdict(right: true, answer: name)
      case .otherName(let note): return Verdict(right: true, answer: name, note: note)
      case .typo:
        let shown = VisibleEscapes.escaped(EchoedInput.shortened(typed.trimmingWhitespace()))
        return Verdict(right: true, answer: name, note: "taking '\(name)' for '\(shown)'")
      }
    default:
      // A name of several countries (`Korea`) is as wrong as it is unknown to `details`.
      return wrong
    }
  }

  /// The name among `names` that `typed` is, folded, and whether it was exact; else the one name a
  /// typo away (for more than three letters).
  private static func closest(_ typed: String, among names: [String]) -> (String, exact: Bool)? {
    let key = TextFolding.fold(typed)
    guard !key.isEmpty else { return nil }
    if let name = names.first(where: { TextFolding.fold($0) == key }) { return (name, true) }
    guard key.unicodeScalars.count > 3 else { return nil }
    let near = names.filter { EditDistance.distance(TextFolding.fold($0), key, limit: 1) != nil }
    return near.count == 1 ? (near[0], false) : nil
  }

  /// The country's name in the language shown, else its common name.
  static func name(_ country: Country, _ names: LocalNames?) -> String {
    names?.name(of: country.cca3, else: country.name.common) ?? country.name.common
  }

  /// `A`, `A or B`, `A, B or C`.
  static func listed(_ items: [String]) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " or " + last
  }
}
