import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `borders COUNTRY [--depth N]` — land neighbours, or everything within N crossings.
package struct BordersCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let depth = FlagKey<Int>.integer("depth", valueName: "N", "follow borders N crossings deep (default 1)")
  }

  package let spec = CommandSpec(
    name: "borders",
    aliases: ["neighbours", "neighbors"],
    summary: "List a country's land neighbours, or every country within N border crossings",
    positionals: [Positional("COUNTRY", .country, "a country name or code", joinsWords: true)],
    flags: Flags.self,
    examples: [
      Example("borders Germany", "Germany's nine neighbours"),
      Example("borders Egypt --depth 2", "neighbours and their neighbours, with the crossings to each"),
      Example("borders Iceland", "an island: no land borders, a correct answer (exit status 0, a note on stderr)"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    let (country, notes) = try catalog.lookUp(arguments.positional(0) ?? "", names: context.names)
    let depth = arguments[flags.depth] ?? 1
    guard (1...50).contains(depth) else { throw CtryError.usage("--depth must be from 1 to 50, got \(depth)") }
    let name = context.name(of: country)
    let names = context.names
    let none = "\(name) has no land borders."
    if depth == 1 {
      let neighbours = catalog.neighbourPositions(of: country)
      let title =
        "\(name) borders \(neighbours.count) \(neighbours.count == 1 ? "country" : "countries")"
      return CountryTable.result(
        positions: neighbours, in: catalog, title: title, names: names, empty: none, notes: notes)
    }
    let reached = catalog.reached(from: country, depth: depth)
    let positions = reached.map(\.position)
    let crossings = reached.map { Cell.integer($0.distance) }
    let title = "\(reached.count) countries within \(depth) land crossings of \(name)"
    let table = ListTable { plain in
      let column = Table.Column("crossings", "Crossings", alignRight: true)
      // Plain: name and crossings, tab-separated.
      if plain { return CountryTable.plain(positions, in: catalog, adding: [(column, crossings)], names: names) }
      let countries = catalog.rows(at: positions)
      let columns: [Table.Column] = [.init("flag", ""), .init("name", "Name"), column, .init("region", "Region")]
      let rows: [[Cell]] = countries.indices.map {
        [.text(countries[$0].flag), .text(countries[$0].name), crossings[$0], .text(countries[$0].region)]
      }
      // Programs: cca2,cca3,name,crossings,region[,local_name],flag; JSON adds `crossings` (and
      // `local_name`) to each v3.1 object.
      guard let names else {
        return Table(
          title: title, columns: columns, rows: rows,
          data: { CountryTable.forPrograms(countries, columns: columns, rows: rows) }, additions: ["crossings"])
      }
      let local = countries.map { Facts.localName.cell($0.cca3, english: $0.name, in: names) }
      let shown = rows.indices.map { rows[$0][..<1] + [local[$0]] + rows[$0][2...] }.map(Array.init)
      return Table(
        title: title, columns: columns, rows: shown,
        data: {
          CountryTable.forPrograms(
            countries, columns: columns + [Facts.localName.column], rows: rows.indices.map { rows[$0] + [local[$0]] })
        }, additions: ["crossings", Facts.localName.key])
    }
    // No land borders is a correct answer, not a failure: exit 0, with the empty answer's notice.
    return CommandResult(
      .countries(CountrySelection(positions: positions, in: catalog), table, empty: none), notes: notes)
  }
}
