import CountryModel
import CtryShell
import CtrySystem

/// The moment an `--at MOMENT` flag names (ISO 8601, or a date alone at midnight UTC), or now from the
/// context's clock when it is not given: the one reading of `--at` for `time` and `compare`.
enum Moment {
  static func given(_ text: String?, in context: CommandContext) throws -> Int64 {
    guard let text else { return Int64(context.now()) }
    guard let parsed = CivilTime.moment(text.trimmingWhitespace()) else {
      throw CtryError.usage(
        "--at takes a moment in ISO 8601, got '\(EchoedInput.shortened(text))'",
        hint: "e.g. --at 2026-07-01T12:00:00Z or --at 2026-07-01")
    }
    return parsed
  }
}
