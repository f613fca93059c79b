import CountryModel
import CtryGrammar
import CtryShell
import CtrySystem

/// `--at MOMENT` for `time`, `compare` and `holidays`: one flag name and one reading (ISO 8601, or a
/// date alone at midnight UTC), and now from the context's clock when it is not given.
enum Moment {
  /// The flag, with what it means to the command that takes it.
  static func flag(_ summary: String) -> FlagKey<String> {
    .option("at", .text, valueName: "MOMENT", summary)
  }

  /// Seconds since 1970 (UTC) at the moment given, or now.
  static func given(_ text: String?, in context: CommandContext) throws -> Int64 {
    guard let text else { return Int64(context.now()) }
    guard let parsed = CivilTime.moment(text.trimmingWhitespace()) else {
      throw CtryError.usage(
        "--at takes a moment in ISO 8601, got '\(EchoedInput.shortened(text))'",
        hint: "e.g. --at 2026-07-01T12:00:00Z or --at 2026-07-01")
    }
    return parsed
  }

  /// The day the moment given falls on in UTC (a date alone is that date), or today's local date.
  static func day(_ text: String?, in context: CommandContext) throws -> CalendarDate {
    guard text != nil else { return CalendarDate.local(unixTime: context.now()) }
    return CalendarDate.utc(unixTime: try given(text, in: context))
  }
}
