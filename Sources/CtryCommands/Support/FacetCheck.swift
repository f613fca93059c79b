import CountryKit

/// Checks a value against a known set (regions, subregions), case- and diacritics-insensitively.
enum FacetCheck {
  /// The canonical spelling of `value` among `known`, or a usage error suggesting the nearest one.
  static func canonical(_ value: String, among known: [String], flag: String) throws(CtryError) -> String {
    let folded = TextFolding.fold(value)
    if let match = known.first(where: { TextFolding.fold($0) == folded }) { return match }
    let prefixed = known.filter { TextFolding.fold($0).hasPrefix(folded) }
    if prefixed.count == 1 { return prefixed[0] }
    let close = Suggest.closest(to: value, among: known, fold: TextFolding.fold)
    throw CtryError.usage(
      "unknown \(flag) '\(EchoedInput.shortened(value))'",
      hint: Suggest.hint(close.map { [$0] } ?? []) ?? "one of: \(known.joined(separator: ", "))")
  }
}
