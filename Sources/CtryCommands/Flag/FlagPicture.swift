import CountryModel
import CtryOutput

/// The picture `flag` returns: drawn when the renderer knows the format and whether colour is on.
///
/// - table with colour: the emoji and name, then the flag in half blocks (`FlagDrawing`).
/// - table without colour, and plain: `🇪🇬 Egypt: horizontal bands of …`, one line, no escapes.
/// - json: an object of `cca2`, `name`, `emoji`, `description`, `colors` (each `hex`, `name` and
///   `share` in percent) and `source`; csv: one row of the same, the colours as `#hex` joined by spaces.
struct FlagPicture: Picture {
  let country: Country
  /// The flag's raster; nil when the flag table has none (Kosovo).
  let raster: FlagRaster?
  /// The country's name in the language shown, for people (programs get the English one).
  let shownName: String
  /// `--width`; else `FlagDrawing.defaultWidth`, or the terminal's width when it is narrower.
  let width: Int?

  static let source = "Debian iso-flags-svg"
  static let missing = "no drawing: Debian's iso-flags-svg, ctry's flag source, has no flag for it"

  func render(format: OutputFormat, style: Style, width terminal: Int?) -> String {
    switch format {
    case .json: return JSONText.encode(programData)
    case .csv:
      let data = programData
      return CSVText.rows([
        ["cca2", "name", "emoji", "description", "colors", "source"],
        [
          data.cca2, data.name, data.emoji, data.description ?? "", data.colors.map(\.hex).joined(separator: " "),
          data.source ?? "",
        ],
      ])
    case .plain: return line
    case .table:
      guard style.enabled, let raster else { return line }
      let columns = width ?? min(FlagDrawing.defaultWidth, max(FlagDrawing.widths.lowerBound, terminal ?? .max))
      let title = style.bold(country.flagEmoji + " " + VisibleEscapes.escaped(shownName))
      return ([title] + FlagDrawing(raster: raster).lines(columns: columns, depth: style.depth)).joined(separator: "\n")
    }
  }

  /// `🇪🇬 Egypt: horizontal bands of red, white and black; also yellow`.
  var line: String {
    let name = VisibleEscapes.escaped(shownName)
    return VisibleEscapes.escaped(country.flagEmoji) + " " + name + ": " + (raster?.description ?? Self.missing)
  }

  struct Data: Encodable {
    struct Colour: Encodable {
      let hex: String
      let name: String
      let share: Int
    }
    let cca2: String
    let name: String
    let emoji: String
    let description: String?
    let colors: [Colour]
    let source: String?
    let note: String?
  }

  /// What JSON and CSV show: the colours that cover at least 1 % of the flag, most first.
  var programData: Data {
    let total = max(1, raster?.pixels.count ?? 1)
    let colours = (raster?.shares ?? []).filter { $0.pixels * 100 >= total }.map {
      Data.Colour(hex: $0.color.hex, name: FlagRaster.name(of: $0.color), share: ($0.pixels * 100 + total / 2) / total)
    }
    return Data(
      cca2: country.cca2, name: country.name.common, emoji: country.flagEmoji, description: raster?.description,
      colors: colours, source: raster == nil ? nil : Self.source, note: raster == nil ? Self.missing : nil)
  }
}
