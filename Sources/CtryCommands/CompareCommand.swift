import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `compare COUNTRY COUNTRY [COUNTRY…]` — countries side by side, one column each.
package struct CompareCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "compare",
    aliases: ["vs"],
    summary: "Put countries side by side: capital, population, area, money, languages, time, borders, distance",
    discussion: """
      One column per country: capital, population with its year, area, density, currencies, languages, \
      driving side, time zones; then, for each pair, the clock difference (standard time: the data has no \
      daylight saving; a range when a country spans several zones), whether they border each other or how \
      many land crossings apart they are, and the great-circle distance between the capitals (from the \
      country's reference point, and marked so, where the data has no capital coordinates). Names with \
      spaces may be quoted or typed as they are. JSON and CSV give one record per country.
      """,
    positionals: [
      Positional("COUNTRY", .country, "two or more country names or codes", variadic: true)
    ],
    examples: [
      Example("compare Egypt Japan", "two countries side by side"),
      Example("compare france germany 'united kingdom'", "names with spaces: quoted or not"),
      Example("compare Russia Mexico --json", "one record per country, with the pairwise facts"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    var countries: [Country] = []
    let (named, notes) = try FavoritesCommand.resolveAll(
      arguments.positionals, in: catalog, command: "compare", hint: "compare a few countries at a time")
    for country in named where !countries.contains(where: { $0.cca3 == country.cca3 }) {
      countries.append(country)
    }
    guard countries.count >= 2 else {
      throw CtryError.usage(
        "compare needs at least two different countries", hint: "e.g. compare Egypt Japan")
    }
    return CommandResult(.table(Self.table(countries, in: catalog), empty: ""), notes: notes)
  }

  /// Facts as rows and countries as columns for people; one record per country for programs.
  static func table(_ countries: [Country], in catalog: CountryCatalog) -> Table {
    var rows: [[Cell]] = []
    func row(_ label: String, _ value: (Country) -> String?) {
      rows.append([.text(label)] + countries.map { value($0).map(Cell.text) ?? .empty })
    }
    row("Capital") { CountryCard.capitals($0) }
    row("Population") { CountryCard.population($0) }
    row("Area") { $0.area.map { NumberFormat.grouped($0) + " km²" } }
    row("Density") { Comparison.density($0).map(Comparison.describeDensity) }
    row("Currencies") { country in
      let codes = (country.currencies ?? [:]).sorted { $0.key < $1.key }
      return codes.map { "\($0.key) \($0.value.name)" }.joinedText(separator: ", ")
    }
    row("Languages") { ($0.languages ?? [:]).values.sorted().joinedText(separator: ", ") }
    row("Driving side") { $0.car?.side }
    row("Time zones") { Comparison.zones($0) }
    let places = countries.map(Comparison.place)
    let relations = Relations(countries, in: catalog)
    for (index, reference) in countries.enumerated().dropLast() {
      let name = reference.name.common
      let later = { (position: Int) in position > index }
      func pairRow(_ label: String, _ value: (Int, Country) -> String?) {
        rows.append(
          [.text(label)]
            + countries.enumerated().map { position, other in
              later(position) ? value(position, other).map(Cell.text) ?? .empty : .empty
            })
      }
      pairRow("Clock vs \(name)") { position, _ in relations.clock(index, position).map(Comparison.describe) }
      pairRow("Land to \(name)") { position, _ in Comparison.describeCrossings(relations.crossings[index][position]) }
      pairRow("Distance to \(name)") { position, _ in
        guard let from = places[index], let to = places[position] else { return nil }
        let km = NumberFormat.grouped(Comparison.kilometres(from, to).rounded()) + " km"
        return from.fromCentre || to.fromCentre ? km + " (from centre)" : km
      }
    }
    let columns =
      [Table.Column("field", "")]
      + countries.map { Table.Column($0.cca3, "\($0.flagEmoji) \($0.name.common)") }
    let title = countries.map(\.name.common).joinedText(separator: " · ")
    return Table(
      title: title, columns: columns, rows: rows, data: { records(countries, places: places, relations: relations) },
      wrapsCells: true)
  }

  /// One record per country, with its relations to each of the others (`crossings_to_JPN`: null when no
  /// land route joins them) and to itself (all 0); `distance_from` says whether its distances are
  /// measured from the capital or from the country's reference point.
  private static func records(
    _ countries: [Country], places: [Comparison.Place?], relations: Relations
  ) -> (columns: [Table.Column], rows: [[Cell]]) {
    var columns: [Table.Column] = [
      .init("cca3", "cca3"), .init("name", "name"), .init("flag", "flag"), .init("capital", "capital"),
      .init("population", "population"), .init("population_year", "population_year"), .init("area", "area"),
      .init("density", "density"), .init("currencies", "currencies"), .init("languages", "languages"),
      .init("driving_side", "driving_side"), .init("timezones", "timezones"),
      .init("distance_from", "distance_from"),
    ]
    for other in countries {
      for key in ["hours_to_", "crossings_to_", "distance_km_to_"] {
        columns.append(.init(key + other.cca3, key + other.cca3))
      }
    }
    let rows = countries.enumerated().map { index, country -> [Cell] in
      var row: [Cell] = [
        .text(country.cca3), .text(country.name.common), .text(country.flagEmoji),
        .text(country.capital?.joinedText(separator: ", ") ?? ""),
        country.population.map(Cell.integer) ?? .empty, country.populationYear.map(Cell.integer) ?? .empty,
        country.area.map(Cell.number) ?? .empty,
        Comparison.density(country).map { Cell.number(($0 * 10).rounded() / 10) } ?? .empty,
        .text((country.currencies ?? [:]).keys.sorted().joinedText(separator: ", ")),
        .text((country.languages ?? [:]).values.sorted().joinedText(separator: ", ")),
        country.car?.side.map(Cell.text) ?? .empty,
        .text((country.timezones ?? []).joinedText(separator: ", ")),
        places[index].map { .text($0.fromCentre ? "centre" : "capital") } ?? .empty,
      ]
      for position in countries.indices {
        // Its relations to itself are zero, so that an empty crossings cell means only "no land route".
        guard position != index else {
          row += [.integer(0), .integer(0), .integer(0)]
          continue
        }
        let clock = relations.clock(index, position)
        row.append(
          clock.flatMap { $0.lowerBound == $0.upperBound ? Cell.number(Comparison.hours($0.lowerBound)) : nil }
            ?? .empty)
        row.append(relations.crossings[index][position].map(Cell.integer) ?? .empty)
        if let from = places[index], let to = places[position] {
          row.append(.integer(Int(Comparison.kilometres(from, to).rounded())))
        } else {
          row.append(.empty)
        }
      }
      return row
    }
    return (columns, rows)
  }

  /// What both tables show of each pair, worked out once: each country's clock offsets, and the land
  /// crossings from each to each (a border graph from a server need not be symmetric).
  private struct Relations {
    let offsets: [[Int]]
    let crossings: [[Int?]]

    init(_ countries: [Country], in catalog: CountryCatalog) {
      offsets = countries.map(Comparison.offsets)
      crossings = countries.map { catalog.crossings(from: $0, to: countries) }
    }

    func clock(_ from: Int, _ to: Int) -> ClosedRange<Int>? {
      Comparison.clockDifference(from: offsets[from], to: offsets[to])
    }
  }
}
