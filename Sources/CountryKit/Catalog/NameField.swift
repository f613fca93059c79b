/// Which of a country's names an index entry came from; the order is the tie-break order in rankings.
public enum NameField: Int, Sendable, Comparable, CaseIterable {
  case common
  case official
  case altSpelling
  case native
  case translation
  case capital

  public static func < (lhs: NameField, rhs: NameField) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One searchable name: its folded key, the country it names and where it came from.
struct NameEntry: Sendable {
  let key: String
  let country: Int
  let field: NameField
}
