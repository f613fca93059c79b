import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `route FROM TO [--via COUNTRY]` — the countries on a land route with the fewest border crossings.
package struct RouteCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let via = FlagKey<String>.option("via", .country, valueName: "COUNTRY", "go by way of this country")
  }

  package let spec = CommandSpec(
    name: "route",
    summary: "List the countries on a land route with the fewest border crossings",
    discussion: """
      Every country on a land route from FROM to TO over the data's land borders, in order, both ends \
      included: one country a line in plain format; the step (the crossings made so far), code and name \
      in the table, CSV and JSON. Its crossings are the ones compare counts. Of the routes with as few \
      crossings, ctry takes the one whose first step comes first in alphabetical order of common names, \
      then the second, and so on. With --via, the route to that country and the route on from it, \
      joined there: a country both halves cross is listed each time (Spain twice in route Portugal \
      Spain --via France). Where no land route joins them (an island, another continent) ctry says so in one \
      line and exits with status 1. Names with spaces may be quoted or typed as they are.
      """,
    positionals: [
      Positional("FROM TO", .country, "two country names or codes: where the route starts and ends", variadic: true)
    ],
    flags: Flags.self,
    examples: [
      Example("route Portugal Germany", "Portugal, Spain, France, Germany: three crossings"),
      Example("route Portugal Vietnam", "across Europe and Asia, by the fewest borders"),
      Example("route Spain Poland --via Italy", "by way of Italy"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    let (named, readNotes) = try FavoritesCommand.resolveAll(
      arguments.positionals, in: catalog, names: context.names, command: "route", hint: "name two countries")
    guard named.count == 2 else {
      throw CtryError.usage(
        "route needs two countries, FROM and TO, got \(named.count)", hint: "e.g. route Portugal Germany")
    }
    var notes = readNotes
    var stops = named
    if let via = arguments[flags.via] {
      let (country, viaNotes) = try catalog.lookUp(via, names: context.names)
      notes += viaNotes
      stops.insert(country, at: 1)
    }
    var positions: [Int] = []
    for (from, to) in zip(stops, stops.dropFirst()) {
      guard let leg = catalog.route(from: from, to: to) else {
        let island = [from, to].first { catalog.neighbourPositions(of: $0).isEmpty }
        throw CtryError.notFound(
          "no land route from \(from.name.common) to \(to.name.common)",
          hint: island.map { "\($0.name.common) has no land borders" })
      }
      positions += positions.isEmpty ? leg : Array(leg.dropFirst())
    }
    return CommandResult(
      .table(Self.table(positions, stops, in: catalog, names: context.names), empty: ""), notes: notes)
  }

  /// A row a country: the step (crossings made so far), name and code; plain output gives the names
  /// alone, programs the step, code and name (English), and the name in the language shown when it
  /// is not English.
  private static func table(
    _ positions: [Int], _ stops: [Country], in catalog: CountryCatalog, names: LocalNames?
  ) -> Table {
    let rows = catalog.rows(at: positions)
    let shown = { (cca3: String, english: String) in names?.name(of: cca3, else: english) ?? english }
    let crossings = positions.count - 1
    let via = stops.count > 2 ? " via \(shown(stops[1].cca3, stops[1].name.common))" : ""
    let title =
      "\(shown(stops[0].cca3, stops[0].name.common)) to "
      + "\(shown(stops[stops.count - 1].cca3, stops[stops.count - 1].name.common))\(via): "
      + (crossings == 0 ? "no crossing" : crossings == 1 ? "1 crossing" : "\(crossings) crossings")
    let step = Table.Column("step", "Step", alignRight: true)
    let name = Table.Column("name", "Name")
    let code = Table.Column("cca3", "Code")
    let local = Table.Column(Facts.localName.key, Facts.localName.label)
    let cells: [[Cell]] = rows.enumerated().map { [.integer($0), .text(shown($1.cca3, $1.name)), .text($1.cca3)] }
    let programRows: [[Cell]] = rows.enumerated().map {
      [.integer($0), .text($1.cca3), .text($1.name)] + (names == nil ? [] : [.text(shown($1.cca3, $1.name))])
    }
    return Table(
      title: title, columns: [step, name, code], rows: cells, plainColumns: [1],
      data: { (columns: [step, code, name] + (names == nil ? [] : [local]), rows: programRows) })
  }
}
