import CountryModel
import CtryGrammar
import CtryOutput
import CtrySystem

/// One fact a country has, declared once in `Facts.all`. Everything that shows, filters or sorts a
/// fact follows from its declaration: the card of `details` and `deal` (`CountryCard.full`), a list's
/// columns in every format (`CountryTable`), `search`'s filter flags, sort keys and `--columns`
/// keys, their completion and their help.
struct Fact: Sendable {
  enum Kind: Sendable, Equatable {
    case text
    /// Several values, shown joined (`Arabic, English`).
    case list
    case number
    /// A number with the year it counts (`104,124,000 (2021)`).
    case count
    case yesNo

    var isNumeric: Bool { self == .number || self == .count }
  }

  /// How a value given to the fact's filter matches the country's, both folded (case and accents
  /// ignored): the whole value or one item of a list, or any part of it; or, for a number, a range
  /// given as `MIN..MAX`, `MIN..` or `..MAX` (`Fact.range`).
  enum Folding: Sendable {
    case equal, contains, range
  }

  /// The fact's `search` flag: a switch for a yes/no fact (keeps the countries where it is yes), an
  /// option with a value otherwise.
  struct Filter: Sendable {
    let flag: String
    let valueName: String
    let completion: ValueKind
    let summary: String
    /// How the catalog's index answers the flag (through `CountryQuery`); nil when the records
    /// answer it, decoded only when the flag is given.
    let index: (@Sendable (inout CountryQuery, String, CountryCatalog) throws -> Void)?
    /// The words a value of the flag is checked against, each group one thing (a currency's name and
    /// code): when set, a value that matches no country even on its own is a usage error that
    /// suggests the nearest group (`--language Englsh`: did you mean 'English' or 'eng'?), and "no
    /// countries match" is kept for real values that other filters rule out.
    let vocabulary: (@Sendable (CountryCatalog) -> [[String]])?

    /// An option: `--flag VALUE`.
    init(
      _ flag: String, valueName: String, _ completion: ValueKind, _ summary: String,
      index: (@Sendable (inout CountryQuery, String, CountryCatalog) throws -> Void)? = nil,
      vocabulary: (@Sendable (CountryCatalog) -> [[String]])? = nil
    ) {
      self.flag = flag
      self.valueName = valueName
      self.completion = completion
      self.summary = summary
      self.vocabulary = vocabulary
      self.index = index
    }

    /// A switch, for a yes/no fact: `--flag`.
    static func yes(
      _ flag: String, _ summary: String,
      index: (@Sendable (inout CountryQuery, String, CountryCatalog) throws -> Void)? = nil
    ) -> Filter {
      Filter(flag, valueName: "", .text, summary, index: index)
    }
  }

  /// How `search --sort KEY` orders by the fact: through the index, or by the decoded records
  /// (numbers largest first, text from A, yes first).
  enum Sort: Sendable {
    case index(CountryQuery.SortKey)
    case records
  }

  /// Where the fact shows on a card.
  enum Line: Sendable {
    /// `Label: value`, with the value's cell for programs under the label's key (`Card.key`), which
    /// must be the fact's.
    case plain
    /// Worded by the declaration; nil when the country has nothing to show.
    case worded(@Sendable (Country, CountryCatalog) -> Card.Field?)
    /// In the card's title (name, flag, official name).
    case title
    /// Shown and given to programs by the line of the fact with this key (subregion by region's).
    case within(String)
    /// Not on the card: a list column only.
    case none
  }

  /// The column's key for `--columns` and `--sort`, and its name in CSV and in a list's JSON objects.
  let key: String
  let label: String
  /// The list column's heading: the label, unless the declaration says otherwise (the flag has none).
  let heading: String
  let kind: Kind
  let folding: Folding
  /// Its member in a country's v3.1 JSON object (dotted for a nested one); nil when the object has
  /// none, and a list's JSON then adds it under `key` when the list shows it.
  let json: String?
  /// Shown by a list when no columns are chosen.
  let listed: Bool
  let filter: Filter?
  let sort: Sort?
  let line: Line
  /// The value read from the index's row of a country, when the row holds it: a list that shows
  /// only such facts decodes no record.
  let row: (@Sendable (CountryRow) -> Cell)?
  /// The value read from the country's record.
  let value: @Sendable (Country, CountryCatalog) -> Cell

  init(
    _ key: String, _ label: String, _ kind: Kind, heading: String? = nil, folding: Folding = .equal,
    json: String? = nil, listed: Bool = false, filter: Filter? = nil, sort: Sort? = nil, line: Line = .plain,
    row: (@Sendable (CountryRow) -> Cell)? = nil, value: @escaping @Sendable (Country, CountryCatalog) -> Cell
  ) {
    self.key = key
    self.label = label
    self.heading = heading ?? label
    self.kind = kind
    self.folding = folding
    self.json = json
    self.listed = listed
    self.filter = filter
    self.sort = sort
    self.line = line
    self.row = row
    self.value = value
  }

  var column: Table.Column { Table.Column(key, heading, alignRight: kind.isNumeric) }

  /// The card's line for `country`, if the fact has one and the country a value.
  func field(_ country: Country, in catalog: CountryCatalog) -> Card.Field? {
    switch line {
    case .worded(let word): return word(country, catalog)
    case .title, .within, .none: return nil
    case .plain:
      let cell = value(country, catalog)
      switch cell {
      case .empty: return nil
      // Programs get the value under the label's key, which is the fact's (`FactsTests`).
      case .text(let text): return text.isEmpty ? nil : Card.Field(label, text)
      case .integer(let number): return Card.Field(label, NumberFormat.grouped(number), raw: cell)
      case .number(let number): return Card.Field(label, NumberFormat.grouped(number), raw: cell)
      case .bool(let yes): return Card.Field(label, yes ? "yes" : "no", raw: cell)
      }
    }
  }

  /// Refuses a value the fact's filter cannot take: a range that does not read as one.
  func check(_ value: String) throws {
    guard folding == .range, Self.range(value) == nil, let flag = filter?.flag else { return }
    throw CtryError.usage(
      "--\(flag) takes a range of numbers, MIN..MAX, got '\(value)'", hint: "e.g. --\(flag) 10..20, 10.. or ..20")
  }

  /// `10..20`, `10..` or `..20` (bounds included); nil for anything else.
  static func range(_ text: String) -> ClosedRange<Double>? {
    let parts = text.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let bounds = parts.map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
    let low = bounds[0].isEmpty ? -Double.infinity : Double(bounds[0])
    let high = bounds[1].isEmpty ? Double.infinity : Double(bounds[1])
    guard let low, let high, !(bounds[0].isEmpty && bounds[1].isEmpty), !low.isNaN, !high.isNaN, low <= high else {
      return nil
    }
    return low...high
  }

  /// Whether `country` passes the fact's filter given `value` (ignored for a yes/no fact), from its
  /// record.
  func accepts(_ country: Country, _ value: String, in catalog: CountryCatalog) -> Bool {
    let cell = self.value(country, catalog)
    if kind == .yesNo { return cell == .bool(true) }
    if folding == .range {
      guard let range = Self.range(value) else { return false }
      switch cell {
      case .integer(let number): return range.contains(Double(number))
      case .number(let number): return range.contains(number)
      default: return false
      }
    }
    let wanted = TextFolding.fold(value)
    let text: String
    switch cell {
    case .text(let value): text = value
    case .integer(let value): text = String(value)
    case .number(let value): text = String(value)
    case .bool, .empty: return false
    }
    let folded = TextFolding.fold(text)
    switch folding {
    case .contains: return folded.contains(wanted)
    case .range: return false
    case .equal:
      return folded == wanted
        || (kind == .list && text.split(separator: ", ").contains { TextFolding.fold(String($0)) == wanted })
    }
  }

  /// Whether `value` given to the fact's filter names something: some country passes the filter
  /// given alone (a part of a capital, a word of a currency's name).
  func names(_ value: String, in catalog: CountryCatalog) throws -> Bool {
    guard let index = filter?.index else { return catalog.countries.contains { accepts($0, value, in: catalog) } }
    var query = CountryQuery()
    try index(&query, value, catalog)
    query.limit = 1
    return !catalog.positions(query).isEmpty
  }

  /// Whether `a` comes before `b` in the fact's order for `--sort`: numbers largest first, text from
  /// A, yes first, or each the other way round when `reversed`; a country without a value last
  /// either way.
  static func precedes(_ a: Cell, _ b: Cell, reversed: Bool) -> Bool {
    switch (a, b) {
    case (.empty, _): return false
    case (_, .empty): return true
    case (.integer(let x), .integer(let y)): return reversed ? x < y : x > y
    case (.number(let x), .number(let y)): return reversed ? x < y : x > y
    case (.text(let x), .text(let y)):
      return reversed ? TextFolding.fold(x) > TextFolding.fold(y) : TextFolding.fold(x) < TextFolding.fold(y)
    case (.bool(let x), .bool(let y)): return reversed ? !x && y : x && !y
    default: return false
    }
  }
}
