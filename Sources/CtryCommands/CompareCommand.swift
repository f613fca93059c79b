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
      One column per country: capital, population with its year, GDP per capita (PPP), life expectancy and \
      median age with theirs, area, density, currencies, languages, \
      driving side, time zones, the next public holiday from today (see holidays); then, for each pair, the clock difference (standard time: the data has no \
      daylight saving; a range when a country spans several zones), whether they border each other or how \
      many land crossings apart they are, and the great-circle distance between the capitals (from the \
      country's reference point, and marked so, where the data has no capital coordinates). Names with \
      spaces may be quoted or typed as they are. JSON gives one record per country; CSV one row per fact, \
      with a column per country, as the table.
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
    let today = CalendarDate.local(unixTime: context.now())
    return CommandResult(.sideBySide(Self.cards(countries, in: catalog, today: today)), notes: notes)
  }

  /// A card per country, each fact declared once with its label, the value people read and the data
  /// programs get; the renderer lays them side by side. Each card relates its country to every
  /// country compared, itself included (all 0, so that an empty crossings value means only "no land
  /// route"), and the table shows each pair once, in the later country's column.
  static func cards(_ countries: [Country], in catalog: CountryCatalog, today: CalendarDate) -> SideBySide {
    let places = countries.map(Comparison.place)
    let relations = Relations(countries, in: catalog)
    let cards = countries.enumerated().map { index, country -> Card in
      var fields: [Card.Field] = []
      func add(_ label: String, _ value: String?, _ data: [Card.Datum]) {
        fields.append(Card.Field(label, value ?? "", data: data))
      }
      add(
        "Capital", CountryCard.capitals(country),
        [.init("capital", .text(country.capital?.joinedText(separator: ", ") ?? ""))])
      add(
        "Population", CountryCard.population(country, withSource: false), CountryCard.populationData(country))
      for fact in Facts.figures {
        let field = fact.field(country, in: catalog)
        add(fact.label, field?.value, field?.data ?? [.init(fact.key, .empty), .init(fact.key + "_year", .empty)])
      }
      add(
        "Area", country.area.map { NumberFormat.grouped($0) + " km²" },
        [.init("area", country.area.map(Cell.number) ?? .empty)])
      let density = Comparison.density(country)
      add(
        "Density", density.map(Comparison.describeDensity),
        [.init("density", density.map { Cell.number(($0 * 10).rounded() / 10) } ?? .empty)])
      let currencies = (country.currencies ?? [:]).sorted { $0.key < $1.key }
      add(
        "Currencies", currencies.map { "\($0.key) \($0.value.name)" }.joinedText(separator: ", "),
        [.init("currencies", .text(currencies.map(\.key).joinedText(separator: ", ")))])
      let languages = (country.languages ?? [:]).values.sorted().joinedText(separator: ", ")
      add("Languages", languages, [.init("languages", .text(languages))])
      add("Driving side", country.car?.side, [.init("driving_side", country.car?.side.map(Cell.text) ?? .empty)])
      add(
        "Time zones", Comparison.zones(country),
        [.init("timezones", .text((country.timezones ?? []).joinedText(separator: ", ")))])
      let holiday = HolidaysCommand.next(of: country.cca3, from: today)
      add(
        "Next holiday", holiday.map { "\($0.date.iso) \($0.name)" + ($0.estimated ? " (estimated)" : "") },
        [
          .init("next_holiday", holiday.map { .text($0.date.iso) } ?? .empty),
          .init("next_holiday_name", holiday.map { .text($0.name) } ?? .empty),
        ])
      add(
        "Distances from", nil,
        [.init("distance_from", places[index].map { .text($0.fromCentre ? "centre" : "capital") } ?? .empty)])
      for (position, other) in countries.enumerated() {
        // Shown in this country's column when the other came before it.
        let shown = position < index
        let code = other.cca3
        let clock = position == index ? 0...0 : relations.clock(position, index)
        add(
          "Clock vs \(other.name.common)", shown ? clock.map(Comparison.describe) : nil,
          [
            .init("hours_vs_\(code)_min", clock.map { .number(Comparison.hours($0.lowerBound)) } ?? .empty),
            .init("hours_vs_\(code)_max", clock.map { .number(Comparison.hours($0.upperBound)) } ?? .empty),
          ])
        let crossings = position == index ? 0 : relations.crossings[index][position]
        add(
          "Land to \(other.name.common)", shown ? Comparison.describeCrossings(crossings) : nil,
          [.init("crossings_to_\(code)", crossings.map(Cell.integer) ?? .empty)])
        let distance = places[index].flatMap { from in
          places[position].map { to in
            (km: Comparison.kilometres(from, to).rounded(), centre: from.fromCentre || to.fromCentre)
          }
        }
        let km = distance.map { NumberFormat.grouped($0.km) + " km" + ($0.centre ? " (from centre)" : "") }
        add(
          "Distance to \(other.name.common)", shown ? km : nil,
          [
            .init(
              "distance_km_to_\(code)",
              position == index ? .integer(0) : distance.map { .integer(Int($0.km)) } ?? .empty)
          ])
      }
      return Card(
        title: "\(country.flagEmoji) \(country.name.common)", fields: fields,
        head: [
          .init("cca3", .text(country.cca3)), .init("name", .text(country.name.common)),
          .init("flag", .text(country.flagEmoji)),
        ])
    }
    return SideBySide(title: countries.map(\.name.common).joinedText(separator: " · "), cards: cards)
  }

  /// What the cards show of each pair, worked out once: each country's clock offsets, and the land
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
