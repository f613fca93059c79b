extension Country {
  /// The names a person may type for the country in full: common, official and alternative spellings.
  public var fullNames: [String] { [name.common, name.official] + (altSpellings ?? []) }

  /// Whether `text` is one of `fullNames`, ignoring case and diacritics (`cote d'ivoire`), not
  /// merely a prefix or a search hit.
  public func isNamed(_ text: String) -> Bool {
    let folded = TextFolding.fold(text)
    return fullNames.contains { TextFolding.fold($0) == folded }
  }

  /// Whether `text` is one of the country's codes (cca2, cca3, ccn3), in any case.
  public func hasCode(_ text: String) -> Bool {
    [cca2, cca3, ccn3 ?? ""].contains(text.uppercased())
  }
}

extension Currency {
  /// `EGP Egyptian pound (£)`: the code, the name and the symbol when there is one.
  public func label(code: String) -> String {
    "\(code) \(name)" + (symbol.map { " (\($0))" } ?? "")
  }
}

extension Duration {
  /// The duration in seconds, fractions included.
  package var inSeconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
