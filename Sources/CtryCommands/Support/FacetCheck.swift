import CountryModel
import CtrySystem

/// Checks a filter's value against what the catalog holds (regions, subregions, languages, …), case-
/// and diacritics-insensitively.
enum FacetCheck {
  /// The canonical spelling of `value` among `known`: the one it names, begins, or (failing those) whose
  /// word it begins (`zealand` → `Australia and New Zealand`). A value that fits several is a usage
  /// error listing every one as a choice (`northern` → Northern Africa, Northern Europe); one that fits
  /// none suggests the nearest.
  static func canonical(_ value: String, among known: [String], flag: String) throws(CtryError) -> String {
    let folded = TextFolding.fold(value)
    if let match = known.first(where: { TextFolding.fold($0) == folded }) { return match }
    var matches = known.filter { TextFolding.fold($0).hasPrefix(folded) }
    if matches.isEmpty, !folded.isEmpty {
      matches = known.filter { name in
        TextFolding.fold(name).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains {
          $0.hasPrefix(folded)
        }
      }
    }
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 {
      throw CtryError.usage(
        "--\(flag) '\(EchoedInput.shortened(value))' matches \(matches.count) \(flag)s: \(matches.joined(separator: ", "))",
        hint: "name one, e.g. --\(flag) '\(matches[0])'")
    }
    let close = Suggest.closest(to: value, among: known, fold: TextFolding.fold)
    throw CtryError.usage(
      "unknown \(flag) '\(EchoedInput.shortened(value))'",
      hint: Suggest.hint(close.map { [$0] } ?? []) ?? "one of: \(known.joined(separator: ", "))")
  }

  /// The usage error for a value of `--flag` that names nothing (`Fact.names`): the group of words
  /// nearest to it among `vocabulary` (`'Euro' or 'EUR'`), or where to see them all (the column `key`).
  static func unknown(_ value: String, flag: String, among vocabulary: [[String]], column key: String) -> CtryError {
    let words = vocabulary.flatMap { $0 }
    let close = Suggest.closest(to: value, among: words, fold: TextFolding.fold).flatMap { word in
      vocabulary.first { $0.contains(word) }.map { group in [word] + group.filter { $0 != word } }
    }
    return CtryError.usage(
      "unknown \(flag) '\(EchoedInput.shortened(value))'",
      hint: Suggest.hint(close ?? []) ?? "see them all with 'search --columns name,\(key)'")
  }
}
