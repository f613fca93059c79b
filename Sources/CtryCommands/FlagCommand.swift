import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `flag COUNTRY [--width N]` — the country's flag in half blocks, or its emoji and a description.
package struct FlagCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let width = DrawingWidth.flag(FlagDrawing.widths, default: "\(FlagDrawing.defaultWidth)")
  }

  package let spec = CommandSpec(
    name: "flag",
    summary: "Draw a country's flag in the terminal, or name its colours",
    discussion: """
      Flags are Debian's iso-flags-svg (public domain), drawn with half blocks (▀): in 24-bit colour
      when COLORTERM says the terminal has it (truecolor or 24bit), else in the nearest of xterm's 256
      colours. Without colour (NO_COLOR, --no-color, output that is not a terminal, --format plain) it
      prints the flag's emoji and its colours in words, read from the drawing: bands and their
      colours, or its main colours. Kosovo's flag is not in the package: its emoji is shown, with a
      note. --json gives the emoji, the description and the colours with their shares; CSV gives one
      row of the same.
      """,
    positionals: [Positional("COUNTRY", .country, "a country name or code", joinsWords: true)],
    flags: Flags.self,
    examples: [
      Example("flag Egypt", "drawn in colour on a terminal; the emoji and its colours in words elsewhere"),
      Example("flag Japan --width 16", "a small drawing, 16 columns wide"),
      Example("flag France --format plain", "no colour: the emoji and the colours in words"),
      Example("flag Kosovo", "not in the flag source: the emoji and a note"),
      Example("flag Germany --json", "the emoji, the description and the colours"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let catalog = await context.catalog
    let (country, notes) = try catalog.lookUp(arguments.positional(0) ?? "", names: context.names)
    let width = try DrawingWidth.checked(arguments[flags.width], in: FlagDrawing.widths)
    let raster = try FlagTable.bundled().raster(for: country.cca2)
    return CommandResult(
      .picture(
        FlagPicture(
          country: country, raster: raster,
          shownName: context.names?.name(of: country.cca3, else: country.name.common) ?? country.name.common,
          width: width)), notes: notes)
  }
}
