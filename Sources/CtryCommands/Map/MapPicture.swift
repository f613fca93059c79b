import CountryModel
import CtryOutput

/// The picture `map` returns: drawn when the renderer knows the format and the width.
///
/// - table and plain: the outline in braille cells, the country filled, every other country in
///   view outlined (dim when colour is on), the capital `◉`; a country too small for the 1:110m
///   outlines is a box on a regional map.
/// - json: a GeoJSON FeatureCollection of the country, its land neighbours and its capital.
/// - csv: `cca3,role,ring,lon,lat` rows of the same.
struct MapPicture: Picture {
  let country: Country
  let neighbours: [Country]
  let outlines: CountryOutlines
  /// `--width`; else the terminal's width, else 80.
  let width: Int?
  /// The language the drawing names countries in (`--lang`); GeoJSON and CSV keep the English names.
  var names: LocalNames? = nil

  /// `country`'s name in the drawing.
  func name(_ country: Country) -> String {
    names?.name(of: country.cca3, else: country.name.common) ?? country.name.common
  }

  static let capitalGlyph: Character = "◉"
  static let defaultWidth = 80
  static let widths = 20...400

  /// Where the capital is marked: nowhere for a country without one (Antarctica, Bouvet Island,
  /// Macau), never at its reference point as if it were a capital.
  var capital: GeoPoint? {
    guard capitalName != nil else { return nil }
    return GeoPoint(latlng: country.capitalInfo?.latlng) ?? GeoPoint(latlng: country.latlng)
  }
  var capitalName: String? { country.capital?.first.flatMap { $0.isEmpty ? nil : $0 } }
  var place: GeoPoint? { GeoPoint(latlng: country.latlng) ?? GeoPoint(latlng: country.capitalInfo?.latlng) }

  func render(format: OutputFormat, style: Style, width terminal: Int?) -> String {
    let columns = width ?? min(max(terminal ?? Self.defaultWidth, Self.widths.lowerBound), Self.widths.upperBound)
    switch format {
    case .json: return MapGeoJSON.featureCollection(self)
    case .csv: return MapGeoJSON.csv(self)
    case .plain: return drawing(style: Style(enabled: false), columns: columns)
    case .table: return drawing(style: style, columns: columns)
    }
  }

  /// The frame for a country without an outline: a box around its place, widened until some land
  /// is in view, so an island in an empty ocean still shows where it is.
  private func regionalFrame(around point: GeoPoint, columns: Int) -> MapFrame {
    var box = GeoBox(minLon: point.lon, maxLon: point.lon, minLat: point.lat, maxLat: point.lat)
    for span in [12.0, 24.0, 48.0] {
      box = GeoBox(
        minLon: point.lon - span / 2, maxLon: point.lon + span / 2, minLat: point.lat - span / 4,
        maxLat: point.lat + span / 4)
      let land = outlines.rings.values.contains { rings in
        rings.contains { GeoBox(around: Rings.unwrapped($0, near: point.lon)).intersects(box) }
      }
      if land { break }
    }
    return MapFrame(showing: box, columns: columns)
  }

  func drawing(style: Style, columns: Int) -> String {
    let code = country.cca3
    let body = outlines.outline(code).flatMap(Rings.mainBody)
    let point = place ?? GeoPoint(lon: 0, lat: 0)
    let frame =
      body.map { MapFrame(showing: $0.box, columns: columns) } ?? regionalFrame(around: point, columns: columns)
    var canvas = BrailleCanvas(columns: frame.columns, rows: frame.rows)
    let view = frame.box
    for other in outlines.rings.keys.sorted() where other != code {
      for ring in outlines.rings[other] ?? [] {
        let ring = Rings.unwrapped(ring, near: frame.center.lon)
        guard GeoBox(around: ring).intersects(view) else { continue }
        outline(ring.map(frame.dot), on: &canvas, .surroundings)
      }
    }
    if let body {
      let projected = body.rings.map { Rings.unwrapped($0, near: frame.center.lon).map(frame.dot) }
      canvas.fill(projected, .subject)
      for ring in projected { outline(ring, on: &canvas, .subject) }
    } else {
      let centre = frame.dot(point)
      let half = 6.0
      let corners = [
        (centre.x - half, centre.y - half), (centre.x + half, centre.y - half), (centre.x + half, centre.y + half),
        (centre.x - half, centre.y + half),
      ].map { (x: $0.0, y: $0.1) }
      outline(corners, on: &canvas, .subject)
    }
    var capitalShown = false
    if let capital {
      let dot = frame.dot(Rings.unwrapped([capital], near: frame.center.lon)[0])
      if dot.x >= 0, dot.y >= 0, dot.x < Double(canvas.dotWidth), dot.y < Double(canvas.dotHeight) {
        canvas.mark(dot.x, dot.y, Self.capitalGlyph)
        capitalShown = true
      }
    }

    let kilometres = max(1, Int(frame.kilometresPerColumn.rounded()))
    var lines = [
      style.bold(Self.visible(name(country))) + style.dim(" · 1 column ≈ \(NumberFormat.grouped(kilometres)) km")
    ]
    for row in canvas.runs() {
      lines.append(
        row.map { run in
          if run.overlay { return style.bold(style.error(run.text)) }
          switch run.layer {
          case .subject: return style.accent(run.text)
          case .surroundings: return style.dim(run.text)
          case .empty: return run.text
          }
        }.joined())
    }
    var legend: [String] = []
    if capitalShown, let capitalName {
      legend.append(style.bold(style.error(String(Self.capitalGlyph))) + " " + Self.visible(capitalName))
    }
    if body != nil {
      legend.append(style.accent("⣿") + " " + Self.visible(name(country)))
    } else {
      legend.append(
        style.accent("⣏⣹") + " " + Self.visible(name(country)) + " (too small for the 1:110m outlines)")
    }
    let names = neighbours.map { Self.visible(name($0)) }
    legend.append(style.dim("⡇") + (names.isEmpty ? " land nearby" : " neighbours: " + names.joined(separator: ", ")))
    lines += Self.wrap(legend.joined(separator: "   "), width: max(columns, 40))
    return lines.joined(separator: "\n")
  }

  private func outline(_ ring: [(x: Double, y: Double)], on canvas: inout BrailleCanvas, _ layer: BrailleCanvas.Layer) {
    guard let last = ring.last else { return }
    var previous = last
    for point in ring {
      canvas.line(from: previous, to: point, layer)
      previous = point
    }
  }

  /// Words wrapped to `width` columns (escape sequences take no room); no line ends in a space, even
  /// where the legend's items were three spaces apart.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var used = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let size = TextWidth.of(withoutEscapes(word))
      if !line.isEmpty, used + 1 + size > width {
        lines.append(line)
        line = ""
        used = 0
      }
      if !line.isEmpty || used > 0 {
        line += " "
        used += 1
      }
      line += word
      used += size
    }
    if !line.isEmpty { lines.append(line) }
    return lines.map { line in
      var line = line
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// A name from the data with control characters and bidi overrides shown, not obeyed (`\x1B`,
  /// `\u202E`): the picture is printed as is, so a hostile name must not move the cursor.
  static func visible(_ name: String) -> String {
    var out = ""
    for scalar in name.unicodeScalars {
      let value = scalar.value
      if value < 0x20 || (0x7F...0x9F).contains(value) {
        out += "\\x" + (value < 0x10 ? "0" : "") + String(value, radix: 16, uppercase: true)
      } else if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
        out += "\\u" + String(value, radix: 16, uppercase: true)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `text` without its SGR escape sequences (`ESC [ … m`).
  static func withoutEscapes(_ text: Substring) -> String {
    var out = ""
    var escaping = false
    for character in text {
      if escaping {
        if character == "m" { escaping = false }
      } else if character == "\u{1B}" {
        escaping = true
      } else {
        out.append(character)
      }
    }
    return out
  }
}
