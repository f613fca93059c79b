import CtryGrammar
import CtrySystem

/// `--width N` for the commands that draw (`map`, `flag`): one flag name and one check of its range.
enum DrawingWidth {
  /// The flag, with the widths it takes and what it defaults to.
  static func flag(_ widths: ClosedRange<Int>, default text: String) -> FlagKey<Int> {
    .integer(
      "width", valueName: "N", "draw N columns wide, \(widths.lowerBound) to \(widths.upperBound) (default: \(text))")
  }

  /// The width given, checked against `widths`; nil when none was given.
  static func checked(_ width: Int?, in widths: ClosedRange<Int>) throws(CtryError) -> Int? {
    guard let width, !widths.contains(width) else { return width }
    throw CtryError.usage("--width must be from \(widths.lowerBound) to \(widths.upperBound), got \(width)")
  }
}
