import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem
import FoundationEssentials

/// `compare COUNTRY COUNTRY [COUNTRY…]` — countries side by side, one column each.
package struct CompareCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let at = Moment.flag(
      "the clock differences of the year of MOMENT, the next holiday from its day (ISO 8601; default: now)")
  }

  package let spec = CommandSpec(
    name: "compare",
    aliases: ["vs"],
    summary: "Put countries side by side: capital, population, area, money, languages, time, borders, distance",
    discussion: """
      One column per country: capital, population with its year, GDP per capita (PPP), life expectancy and \
      median age with theirs, area, density, currencies, languages, \
      driving side, time zones, the next public holiday from today or the day of --at (see holidays); then, for each pair, the clock difference over this year (or the year of \
      --at) in the tz database's zones, daylight saving included: the one on 1 January, with the dates \
      (UTC) when it is another, and a range when a country spans several zones; whether they border each other or how \
      many land crossings apart they are, and the great-circle distance between the capitals (from the \
      country's reference point, and marked so, where the data has no capital coordinates) with the \
      initial great-circle bearing from the first: the direction to set off in on the shortest path, in \
      degrees from true north and as the nearest of 16 compass points (not a rhumb line's constant \
      course). Names with \
      spaces may be quoted or typed as they are. JSON gives one record per country; CSV one row per fact, \
      with a column per country, as the table.
      """,
    positionals: [
      Positional("COUNTRY", .country, "two or more country names or codes", variadic: true)
    ],
    flags: Flags.self,
    examples: [
      Example("compare Egypt Japan --at 2026-01-01", "two countries side by side; the clocks over 2026"),
      Example("compare france germany 'united kingdom'", "names with spaces: quoted or not"),
      Example("compare Russia Mexico --json --at 2026-01-01", "one record per country, with the pairwise facts"),
      Example("compare Germany Japan --at 2026-01-01", "+8 h, and +7 h while Germany is on summer time"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let moment = try Moment.given(arguments[flags.at], in: context)
    let catalog = await context.catalog
    var countries: [Country] = []
    let (named, notes) = try FavoritesCommand.resolveAll(
      arguments.positionals, in: catalog, names: context.names, command: "compare",
      hint: "compare a few countries at a time")
    for country in named where !countries.contains(where: { $0.cca3 == country.cca3 }) {
      countries.append(country)
    }
    guard countries.count >= 2 else {
      throw CtryError.usage(
        "compare needs at least two different countries", hint: "e.g. compare Egypt Japan")
    }
    let year = CivilTime(moment).year
    let clocks = try Self.clocks(countries, year: year)
    let today = try Moment.day(arguments[flags.at], in: context)
    return CommandResult(
      .sideBySide(Self.cards(countries, clocks: clocks, in: catalog, today: today, names: context.names)),
      notes: notes + clocks.notes)
  }

  /// A card per country, each fact declared once with its label, the value people read and the data
  /// programs get; the renderer lays them side by side. Each card relates its country to every
  /// country compared, itself included (all 0, so that an empty crossings value means only "no land
  /// route"), and the table shows each pair once, in the later country's column.
  /// `names`: the titles and the labels that name a country in their language.
  static func cards(
    _ countries: [Country], clocks: Clocks, in catalog: CountryCatalog, today: CalendarDate, names: LocalNames? = nil
  ) -> SideBySide {
    let name = { (country: Country) in names?.name(of: country.cca3, else: country.name.common) ?? country.name.common }
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
        let clock = clocks.difference(position, index)
        add(
          "Clock vs \(name(other))", shown ? clock?.text : nil,
          [
            .init("hours_vs_\(code)_min", clock.map { .number(Comparison.hours($0.usual.lowerBound)) } ?? .empty),
            .init("hours_vs_\(code)_max", clock.map { .number(Comparison.hours($0.usual.upperBound)) } ?? .empty),
            .init("clock_vs_\(code)", clock.map { .text($0.text) } ?? .empty),
          ])
        let crossings = position == index ? 0 : relations.crossings[index][position]
        add(
          "Land to \(name(other))", shown ? Comparison.describeCrossings(crossings) : nil,
          [.init("crossings_to_\(code)", crossings.map(Cell.integer) ?? .empty)])
        let distance = places[index].flatMap { from in
          places[position].map { to in
            (km: Comparison.kilometres(from, to).rounded(), centre: from.fromCentre || to.fromCentre)
          }
        }
        // The bearing from the capital of the country that came first, as the table shows it.
        let bearing = position == index ? nil : Self.bearing(places[index], places[position])
        let km = distance.map {
          NumberFormat.grouped($0.km) + " km" + ($0.centre ? " (from centre)" : "")
            + (Self.bearing(places[position], places[index]).map { ", " + Bearing.describe($0) } ?? "")
        }
        add(
          "Distance to \(name(other))", shown ? km : nil,
          [
            .init(
              "distance_km_to_\(code)",
              position == index ? .integer(0) : distance.map { .integer(Int($0.km)) } ?? .empty),
            .init("bearing_to_\(code)", bearing.map { .integer(Bearing.whole($0)) } ?? .empty),
          ])
      }
      return Card(
        title: "\(country.flagEmoji) \(name(country))", fields: fields,
        head: [
          .init("cca3", .text(country.cca3)), .init("name", .text(country.name.common)),
          .init("flag", .text(country.flagEmoji)),
        ] + (names.map { [Facts.localName.datum(country.cca3, english: country.name.common, in: $0)] } ?? []))
    }
    return SideBySide(title: countries.map(name).joinedText(separator: " · "), cards: cards)
  }

  /// The initial great-circle bearing from one place to another, nil without both.
  private static func bearing(_ from: Comparison.Place?, _ to: Comparison.Place?) -> Double? {
    guard let from, let to else { return nil }
    return Bearing.degrees(from: from, to: to)
  }

  /// Each pair's clock difference over `year`: from the tz database's zones, daylight saving included,
  /// where the zone table covers the year and both countries have zones; else from the standard
  /// offsets (`timezones`), with a note.
  static func clocks(_ countries: [Country], year: Int) throws(CtryError) -> Clocks {
    let needsTable = countries.contains { !($0.zones ?? []).isEmpty }
    let table = needsTable ? try ZoneTable.bundled().reading(countries.flatMap { $0.zones ?? [] }) : nil
    var notes: [String] = []
    if let table, !table.years.contains(year) {
      notes.append(
        "clock differences in standard time: \(year) is outside the time zone table "
          + "(\(table.years.lowerBound)–\(table.years.upperBound))")
    }
    let offsets = countries.map(Comparison.offsets)
    let differences = countries.indices.map { from in
      countries.indices.map { to -> Clocks.Difference? in
        if from == to { return Clocks.Difference(usual: 0...0, text: Comparison.describe(0...0)) }
        if let table,
          let difference = ClockDifference(
            from: countries[from].zones ?? [], to: countries[to].zones ?? [], year: year, table: table)
        {
          return Clocks.Difference(usual: difference.usual, text: difference.described)
        }
        return Comparison.clockDifference(from: offsets[from], to: offsets[to]).map {
          Clocks.Difference(usual: $0, text: Comparison.describe($0) + " (standard time)")
        }
      }
    }
    return Clocks(differences: differences, notes: notes)
  }

  /// Each pair's clock difference, worked out once, and what the cards cannot say of them.
  struct Clocks {
    struct Difference {
      /// Minutes: the difference most of the year.
      var usual: ClosedRange<Int>
      var text: String
    }

    let differences: [[Difference?]]
    let notes: [String]

    func difference(_ from: Int, _ to: Int) -> Difference? { differences[from][to] }
  }

  /// The land crossings from each country to each (a border graph from a server need not be
  /// symmetric), worked out once.
  private struct Relations {
    let crossings: [[Int?]]

    init(_ countries: [Country], in catalog: CountryCatalog) {
      crossings = countries.map { catalog.crossings(from: $0, to: countries) }
    }
  }
}
