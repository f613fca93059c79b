import CtrySystem

/// Names people type for a country that are not its names in the data: a part for the whole
/// (England), a former name (Zaire, Burma), an abbreviation (PRC, ROK), the country's own name
/// (Misr, Hellas), a state that was dissolved (USSR), which names each of its successors, a name two
/// countries share (Congo), taken for one with a note naming the other, or another name of a
/// country's capital (Kiev, Peking).
///
/// The table is data with a source for every row: `Scripts/dataset/other-names.tsv`, from which
/// `Scripts/make-other-names` generates `OtherNames+Table.swift`. Each name is indexed as an
/// alternative spelling of the countries it names (a capital's, as one of its capitals, which
/// `--capital` matches too), so `search` finds it, and comes with a note, so the card never
/// pretends that England is a country of its own.
enum OtherNames {
  enum Kind: Sendable {
    case part, former, spelling, abbreviation, traditional, dissolved, shared, capital
  }

  struct Entry: Sendable {
    let name: String
    /// ISO 3166-1 alpha-3; several only for a dissolved state.
    let codes: [String]
    let kind: Kind
    let note: String
  }

  static let byFoldedName: [String: Entry] = Dictionary(
    entries.map { (TextFolding.fold($0.name), $0) }, uniquingKeysWith: { first, _ in first })
}

extension CountryCatalog {
  /// The note for another name (`england` → "England is a country of the United Kingdom"), when
  /// `text` is one and names this country.
  public func otherNameNote(_ text: String, for country: Country) -> String? {
    guard let entry = OtherNames.byFoldedName[TextFolding.fold(text)], entry.codes.contains(country.cca3) else {
      return nil
    }
    return entry.note
  }

  /// What a dissolved state's name stands for (`USSR` → "the USSR (Soviet Union) was dissolved in
  /// 1991"), when `text` is one.
  public func dissolvedStateNote(_ text: String) -> String? {
    guard let entry = OtherNames.byFoldedName[TextFolding.fold(text)], entry.kind == .dissolved else { return nil }
    return entry.note
  }
}
