extension CountryCatalog {
  /// The names a person may give for `country`'s capitals: the data's capitals, then the other names
  /// of those capitals in `OtherNames` (Kiev for Kyiv, Peking for Beijing).
  public func capitalNames(of country: Country) -> [String] {
    (country.capital ?? [])
      + OtherNames.entries.filter { $0.kind == .capital && $0.codes.contains(country.cca3) }.map(\.name)
  }
}
