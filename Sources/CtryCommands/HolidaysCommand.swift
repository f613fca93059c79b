import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `holidays COUNTRY [--year YYYY | --next]`, `holidays --on DATE` — public holidays by country and date.
package struct HolidaysCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let year = FlagKey<Int>.integer("year", valueName: "YYYY", "the holidays of that year (default: this year)")
    let on = FlagKey<String>.option(
      "on", .text, valueName: "DATE", "the countries with a public holiday on DATE (YYYY-MM-DD)")
    let next = FlagKey<Bool>.switch("next", "the country's next public holiday, from today (or --at) on")
    let at = Moment.flag("count from this day, not today: --next after it, and its year by default (ISO 8601)")
  }

  package let spec = CommandSpec(
    name: "holidays",
    summary: "List a country's public holidays, or the countries with a public holiday on a date",
    discussion: """
      Public holidays come from the holidays package (MIT) for the years the data spans (2020–2035), \
      with their English names. Dates from the Islamic and other lunar calendars are the package's \
      estimates, marked so (Estimate: yes). A country's holidays are this year's unless --year says \
      otherwise; --next gives the first on or after today (the local date). --at DATE stands for today: \
      the year and --next count from it. --on DATE lists every country with a public \
      holiday that day, with the holiday's name. JSON is an array with one object per holiday (per \
      country with --on).
      """,
    positionals: [Positional("COUNTRY", .country, "a country name or code", optional: true, joinsWords: true)],
    flags: Flags.self,
    examples: [
      Example("holidays Germany --year 2026", "Germany's public holidays in 2026"),
      Example("holidays Egypt --year 2030 --format plain", "estimated dates of Islamic holidays marked yes"),
      Example("holidays --on 2026-12-25", "every country with a public holiday on Christmas Day 2026"),
      Example("holidays Japan --year 2027 --json", "one object per holiday"),
      Example("holidays Egypt --next --at 2026-12-24", "the first holiday of Egypt on or after that day"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    let query = arguments.positional(0) ?? ""
    let year = arguments[flags.year]
    let next = arguments[flags.next]
    if let on = arguments[flags.on] {
      guard query.isEmpty, year == nil, !next, arguments[flags.at] == nil else {
        throw CtryError.usage("--on lists countries: give it alone, without a country, --year, --next or --at")
      }
      guard let date = CalendarDate(iso: on) else {
        throw CtryError.usage("--on needs a date as YYYY-MM-DD, got '\(on)'", hint: "e.g. holidays --on 2026-12-25")
      }
      return try countries(on: date, in: catalog)
    }
    guard !query.isEmpty else {
      throw CtryError.usage("holidays needs a country or --on DATE", hint: "e.g. holidays Germany --year 2026")
    }
    if next, year != nil { throw CtryError.usage("--next starts from today or --at: give it without --year") }
    let (country, notes) = try catalog.lookUp(query, names: context.names)
    let data = try PublicHolidays.bundled()
    let all = try data.holidays(of: country.cca3)
    guard !all.isEmpty else {
      throw CtryError.notFound("\(country.name.common) has no public holidays in the data")
    }
    let today = try Moment.day(arguments[flags.at], in: context)
    let chosen: [PublicHoliday]
    if next {
      guard let first = all.first(where: { $0.date >= today }) else {
        throw CtryError.notFound(
          "no holiday of \(country.name.common) from \(today.iso) on: the data spans \(Self.span(data))")
      }
      chosen = all.filter { $0.date == first.date }
    } else {
      let year = year ?? today.year
      guard data.span.contains(year) else {
        throw CtryError.notFound("the data has public holidays for \(Self.span(data)) only, not \(year)")
      }
      chosen = all.filter { $0.date.year == year }
    }
    let table = Table(
      title: "\(country.flagEmoji) \(country.name.common): "
        + (next ? "next public holiday" : "public holidays in \(chosen.first?.date.year ?? year ?? today.year)"),
      columns: [
        .init("date", "Date"), .init("weekday", "Weekday"), .init("name", "Holiday"),
        .init("estimated", "Estimate"),
      ],
      rows: chosen.map { [.text($0.date.iso), .text($0.date.weekday), .text($0.name), .bool($0.estimated)] })
    return CommandResult(.table(table, empty: "\(country.name.common) has no public holidays that year."), notes: notes)
  }

  /// Every country with a public holiday on `date`, one row each (its holidays that day joined).
  private func countries(on date: CalendarDate, in catalog: CountryCatalog) throws(CtryError) -> CommandResult {
    let data = try PublicHolidays.bundled()
    guard data.span.contains(date.year) else {
      throw CtryError.notFound("the data has public holidays for \(Self.span(data)) only, not \(date.year)")
    }
    var found: [(position: Int, holidays: [PublicHoliday])] = []
    for (code, holiday) in try data.holidays(on: date) {
      guard let position = catalog.position(cca3: code) else { continue }
      if found.last?.position == position {
        found[found.count - 1].holidays.append(holiday)
      } else {
        found.append((position, [holiday]))
      }
    }
    let rows = catalog.rows(at: found.map(\.position))
    let listed = zip(rows, found).sorted { $0.0.name < $1.0.name }
    let table = Table(
      title: "Public holidays on \(date.weekday), \(date.iso)",
      columns: [
        .init("country", "Country"), .init("cca3", "Code"), .init("name", "Holiday"), .init("estimated", "Estimate"),
      ],
      rows: listed.map { row, entry in
        [
          .text(row.name), .text(row.cca3), .text(entry.holidays.map(\.name).joinedText(separator: "; ")),
          .bool(entry.holidays.contains { $0.estimated }),
        ]
      })
    return CommandResult(
      .table(table, empty: "No country has a public holiday on \(date.iso)."), status: listed.isEmpty ? 1 : 0)
  }

  /// The next public holiday of the country with this cca3 from `today` on (`compare`'s row), or nil
  /// when the data has none.
  static func next(of cca3: String, from today: CalendarDate) -> PublicHoliday? {
    guard let data = try? PublicHolidays.bundled(), let all = try? data.holidays(of: cca3) else { return nil }
    return all.first { $0.date >= today }
  }

  private static func span(_ data: PublicHolidays) -> String {
    "\(data.span.lowerBound)–\(data.span.upperBound)"
  }
}
