extension Country {
  /// Every top-level field of a v3.1 record, in declaration order: the model's own coding keys.
  ///
  /// `Country` uses the synthesized `CodingKeys`, whose raw values are the stored properties' names,
  /// so reflecting on one record lists them; a test checks them against an encoded record with every
  /// field set. This is what `V31Client` asks the server for.
  public static let fieldNames: [String] = Mirror(
    reflecting: Country(name: CountryName(common: "", official: ""), cca2: "", cca3: "", region: "")
  ).children.compactMap(\.label)
}
