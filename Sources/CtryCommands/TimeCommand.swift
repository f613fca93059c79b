import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem
import FoundationEssentials

/// `time COUNTRY [--at MOMENT]` — the local time in each of a country's IANA zones, daylight saving
/// included.
package struct TimeCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let at = Moment.flag(
      "another moment, ISO 8601: 2026-07-01T12:00:00Z, 2026-07-01 (midnight UTC)")
  }

  package let spec = CommandSpec(
    name: "time",
    aliases: ["clock"],
    summary: "Show the local time in each of a country's time zones, with daylight saving",
    discussion: """
      One row per zone the tz database lists for the country's code: its IANA name, the local time, the \
      abbreviation and the UTC offset, daylight saving included. Now, or at the moment --at gives (a \
      time with Z or an offset, or a date alone for its midnight in UTC). The offsets come from the \
      bundled table of the tz database's zones (tzdata, IANA), which covers 2020–2035, on every machine \
      alike.
      """,
    positionals: [Positional("COUNTRY", .country, "a country name or code", joinsWords: true)],
    flags: Flags.self,
    examples: [
      Example("time Germany --at 2026-07-01T12:00:00Z", "summer time: 14:00 CEST in Berlin"),
      Example("time Germany --at 2026-01-15T12:00:00Z", "winter: 13:00 CET"),
      Example(
        "time Russia --at 2026-07-01T12:00:00Z", "every zone, from Kaliningrad (UTC+02:00) to Kamchatka (UTC+12:00)"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let moment = try Moment.given(arguments[flags.at], in: context)
    let catalog = await context.catalog
    let (country, notes) = try catalog.lookUp(arguments.positional(0) ?? "", names: context.names)
    guard let zones = country.zones, !zones.isEmpty else {
      throw CtryError.notFound(
        "the tz database lists no time zone for \(country.name.common)",
        hint: country.timezones.map { "its UTC offsets: \($0.joinedText(separator: ", "))" })
    }
    let table = try ZoneTable.bundled().reading(zones)
    guard table.span.contains(moment) else {
      throw CtryError.notFound(
        "\(Self.utc(moment)) is outside the time zone table (\(table.years.lowerBound)–\(table.years.upperBound))",
        hint: "give --at a moment in those years")
    }
    let known = zones.compactMap { zone in table.state(of: zone, at: moment).map { (zone, $0) } }
    let rows: [[Cell]] = known.map { zone, state in
      [
        .text(zone), .text(Self.shown(moment, state)), .text(state.abbreviation),
        .text("UTC" + Self.offset(state.offset)),
      ]
    }
    let data: [[Cell]] = known.map { zone, state in
      [
        .text(zone), .text(Self.iso(moment, state)), .text(state.abbreviation), .text(Self.offset(state.offset)),
        .integer(state.offset / 60),
      ]
    }
    let columns: [Table.Column] = [
      .init("zone", "Zone"), .init("local_time", "Local time"), .init("abbreviation", "Abbr"),
      .init("utc_offset", "UTC offset"),
    ]
    let result = Table(
      title: "\(country.flagEmoji) \(country.name.common) at \(Self.utc(moment))", columns: columns, rows: rows,
      data: { (columns + [.init("offset_minutes", "Offset (min)")], data) })
    var skipped = notes
    let unknown = zones.filter { !table.knows($0) }
    if !unknown.isEmpty { skipped.append("not in the time zone table: \(unknown.joinedText(separator: ", "))") }
    return CommandResult(.table(result, empty: ""), notes: skipped)
  }

  private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  private static func date(_ time: CivilTime) -> String {
    "\(time.year)-\(two(time.month))-\(two(time.day))"
  }

  /// `Wed 2026-07-01 14:00`.
  static func shown(_ moment: Int64, _ state: ZoneTable.State) -> String {
    let time = CivilTime(moment, offset: state.offset)
    return "\(weekdays[time.weekday - 1]) \(date(time)) \(two(time.hour)):\(two(time.minute))"
  }

  /// `2026-07-01T14:00:00+02:00`.
  static func iso(_ moment: Int64, _ state: ZoneTable.State) -> String {
    let time = CivilTime(moment, offset: state.offset)
    return "\(date(time))T\(two(time.hour)):\(two(time.minute)):\(two(time.second))\(offset(state.offset))"
  }

  /// `2026-07-01 12:00 UTC`.
  static func utc(_ moment: Int64) -> String {
    let time = CivilTime(moment)
    let seconds = time.second == 0 ? "" : ":\(two(time.second))"
    return "\(date(time)) \(two(time.hour)):\(two(time.minute))\(seconds) UTC"
  }

  /// `+02:00`, `-03:30`.
  static func offset(_ seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    return (seconds < 0 ? "-" : "+") + "\(two(minutes / 60)):\(two(minutes % 60))"
  }
}
