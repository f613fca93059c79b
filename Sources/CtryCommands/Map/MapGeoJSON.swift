import CountryModel

/// `map`'s data formats: GeoJSON (RFC 7946) and CSV, written by hand so that the output is stable
/// byte for byte (coordinates in hundredths of a degree, as the outlines are stored).
enum MapGeoJSON {
  /// The country (a MultiPolygon, or a Point when it has no 1:110m outline), its land neighbours
  /// and its capital (a Point), each a Feature with `cca3`, `name` and `role` properties.
  static func featureCollection(_ map: MapPicture) -> String {
    var features: [String] = []
    let country = map.country
    if let geometry = geometry(map.outlines.outline(country.cca3), GeoPoint(latlng: country.latlng)) {
      features.append(feature(country.cca3, country.name.common, "country", geometry))
    }
    for neighbour in map.neighbours {
      if let geometry = geometry(map.outlines.outline(neighbour.cca3), GeoPoint(latlng: neighbour.latlng)) {
        features.append(feature(neighbour.cca3, neighbour.name.common, "neighbour", geometry))
      }
    }
    if let capital = map.capital {
      features.append(feature(country.cca3, map.capitalName ?? country.name.common, "capital", point(capital)))
    }
    return "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}"
  }

  /// `cca3,role,ring,lon,lat`: one row per outline point (rings numbered from 1, not closed), and
  /// one for the capital or a country without an outline (empty `ring`).
  static func csv(_ map: MapPicture) -> String {
    var rows = ["cca3,role,ring,lon,lat"]
    func add(_ country: Country, _ role: String) {
      if let rings = map.outlines.outline(country.cca3) {
        for (index, ring) in rings.enumerated() {
          for point in ring {
            rows.append("\(country.cca3),\(role),\(index + 1),\(number(point.lon)),\(number(point.lat))")
          }
        }
      } else if let point = GeoPoint(latlng: country.latlng) {
        rows.append("\(country.cca3),\(role),,\(number(point.lon)),\(number(point.lat))")
      }
    }
    add(map.country, "country")
    for neighbour in map.neighbours { add(neighbour, "neighbour") }
    if let capital = map.capital {
      rows.append("\(map.country.cca3),capital,,\(number(capital.lon)),\(number(capital.lat))")
    }
    return rows.map { $0 + "\r\n" }.joined()
  }

  private static func geometry(_ rings: [[GeoPoint]]?, _ fallback: GeoPoint?) -> String? {
    if let rings, !rings.isEmpty { return multiPolygon(rings) }
    return fallback.map(point)
  }

  private static func feature(_ code: String, _ name: String, _ role: String, _ geometry: String) -> String {
    "{\"type\":\"Feature\",\"properties\":{\"cca3\":\(string(code)),\"name\":\(string(name)),\"role\":\(string(role))},"
      + "\"geometry\":\(geometry)}"
  }

  private static func point(_ point: GeoPoint) -> String {
    "{\"type\":\"Point\",\"coordinates\":[\(number(point.lon)),\(number(point.lat))]}"
  }

  /// Rings grouped into polygons: a ring inside another of the same country is a hole of the
  /// smallest one around it (Lesotho in South Africa). Outer rings run counter-clockwise and holes
  /// clockwise, each closed by repeating its first point, as RFC 7946 asks.
  static func polygons(_ rings: [[GeoPoint]]) -> [[[GeoPoint]]] {
    let areas = rings.map { abs(Rings.signedArea($0)) }
    var parent: [Int?] = Array(repeating: nil, count: rings.count)
    for index in rings.indices {
      let containing = rings.indices.filter { other in
        other != index && areas[other] > areas[index] && Rings.contains(rings[other], rings[index][0])
      }
      // Nested twice (an island in a lake) is an outer ring again.
      if containing.count % 2 == 1 { parent[index] = containing.min { areas[$0] < areas[$1] } }
    }
    var polygons: [[[GeoPoint]]] = []
    for index in rings.indices where parent[index] == nil {
      var polygon = [oriented(rings[index], counterClockwise: true)]
      for hole in rings.indices where parent[hole] == index {
        polygon.append(oriented(rings[hole], counterClockwise: false))
      }
      polygons.append(polygon)
    }
    return polygons
  }

  private static func oriented(_ ring: [GeoPoint], counterClockwise: Bool) -> [GeoPoint] {
    let ring = (Rings.signedArea(ring) > 0) == counterClockwise ? ring : ring.reversed()
    return ring.first.map { ring + [$0] } ?? ring
  }

  private static func multiPolygon(_ rings: [[GeoPoint]]) -> String {
    let polygons = polygons(rings).map { polygon in
      "["
        + polygon.map { ring in "[" + ring.map { "[\(number($0.lon)),\(number($0.lat))]" }.joined(separator: ",") + "]"
        }
        .joined(separator: ",") + "]"
    }
    return "{\"type\":\"MultiPolygon\",\"coordinates\":[" + polygons.joined(separator: ",") + "]}"
  }

  /// Degrees to two decimals without trailing zeros: `31.25`, `30.1`, `-5`.
  static func number(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let magnitude = hundredths.magnitude
    let whole = magnitude / 100
    let fraction = magnitude % 100
    var text = (hundredths < 0 ? "-" : "") + String(whole)
    if fraction != 0 {
      text += "." + (fraction < 10 ? "0\(fraction)" : (fraction % 10 == 0 ? "\(fraction / 10)" : "\(fraction)"))
    }
    return text
  }

  /// A JSON string literal.
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
          || (0x2066...0x2069).contains(scalar.value)
        {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
