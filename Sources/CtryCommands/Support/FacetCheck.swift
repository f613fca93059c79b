import CountryKit

/// Checks a value against a known set (regions, subregions), case- and diacritics-insensitively.
enum FacetCheck {
  /// The canonical spelling of `value` among `known`, or a usage error suggesting the nearest one.
  static func canonical(_ value: String, among known: [String], flag: String) throws(CtryError) -> String {
    let folded = TextFolding.fold(value)
    if let match = known.first(where: { TextFolding.fold($0) == folded }) { return match }
    let prefixed = known.filter { TextFolding.fold($0).hasPrefix(folded) }
    if prefixed.count == 1 { return prefixed[0] }
    let nearest = known.min { a, b in
      let da = EditDistance.distance(folded, TextFolding.fold(a), limit: 4) ?? 99
      let db = EditDistance.distance(folded, TextFolding.fold(b), limit: 4) ?? 99
      return da < db
    }
    let close = nearest.flatMap { EditDistance.distance(folded, TextFolding.fold($0), limit: 4) != nil ? $0 : nil }
    throw CtryError.usage(
      "unknown \(flag) '\(value)'",
      hint: close.map { "did you mean '\($0)'?" } ?? "one of: \(known.joined(separator: ", "))")
  }
}
