import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `map COUNTRY [--width N]` — the country's outline in braille cells, neighbours lighter, capital marked.
package struct MapCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let width = DrawingWidth.flag(MapPicture.widths, default: "the terminal's width, else 80")
  }

  package let spec = CommandSpec(
    name: "map",
    summary: "Draw a country's outline in the terminal, with the land around it and its capital",
    discussion: """
      Outlines are Natural Earth's 1:110m (free of copyright), drawn with braille cells: the country filled,
      the land around it outlined (dim when colour is on), the capital as ◉. A country too small for
      that scale is a box on a regional map. The width is the terminal's (80 when output is not a
      terminal) unless --width says otherwise. --json gives GeoJSON (the country, its land neighbours
      and its capital); CSV gives cca3,role,ring,lon,lat rows of the same.
      """,
    positionals: [Positional("COUNTRY", .country, "a country name or code", joinsWords: true)],
    flags: Flags.self,
    examples: [
      Example("map Egypt", "Egypt filled, its neighbours outlined, Cairo marked"),
      Example("map Malta --width 60", "too small for the 1:110m outlines: a box on a regional map"),
      Example("map Chile --format plain --width 40", "no colour: the country filled, the land around it outlined"),
      Example("map Fiji --width 40", "across the antimeridian, drawn in one piece"),
      Example("map Japan --json", "GeoJSON: Japan, its land neighbours (none) and Tokyo"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    let (country, notes) = try catalog.lookUp(arguments.positional(0) ?? "", names: context.names)
    let width = try DrawingWidth.checked(arguments[flags.width], in: MapPicture.widths)
    let outlines = try CountryOutlines.bundled()
    guard outlines.outline(country.cca3) != nil || GeoPoint(latlng: country.latlng) != nil else {
      throw CtryError.notFound("\(country.name.common) has neither an outline nor coordinates to draw")
    }
    let picture = MapPicture(
      country: country, neighbours: catalog.neighbours(of: country), outlines: outlines, width: width,
      names: context.names)
    return CommandResult(.picture(picture), notes: notes)
  }
}
