import CountryModel
import CtryCommands
import CtryOutput
import CtrySystem
import CtryTestSupport
import Foundation
import Testing

/// `map`: golden pictures, the outlines resource, GeoJSON, CSV and the width rules.
///
/// The golden files live in `Tests/Golden/`; after a deliberate change to the drawing, rewrite them
/// with `CTRY_UPDATE_GOLDEN=1 swift test --filter MapCommandTests` and review the diff.
@Suite struct MapCommandTests {
  /// One large country with an outline (Egypt) and one too small for 1:110m (Malta, boxed on a
  /// regional map), each at two widths, in plain format (no escape sequences).
  @Test(arguments: [("Egypt", 40), ("Egypt", 100), ("Malta", 40), ("Malta", 100)])
  func goldenPicture(_ country: String, _ width: Int) async throws {
    let result = await TestShell(format: .plain).run("map \(country) --width \(width)")
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
    let file = "map-\(country.lowercased())-\(width).txt"
    let golden = try Golden.expected(for: result.out, file: file)
    #expect(result.out == golden, "map \(country) --width \(width) differs from \(file)")
    for line in result.out.split(separator: "\n").dropFirst() {
      #expect(TextWidth.of(String(line)) <= max(width, 40), "a line wider than the map: \(line)")
    }
  }

  @Test func pictureHasTheCapitalAndTheLegend() async {
    let egypt = await TestShell(format: .plain).run("map Egypt --width 60")
    #expect(egypt.out.hasPrefix("Egypt · 1 column ≈ "))
    #expect(egypt.out.contains("◉") && egypt.out.contains("◉ Cairo"))
    let legend = egypt.out.replacingOccurrences(of: "\n", with: " ")
    #expect(legend.contains("neighbours: Israel, Libya, Palestine, Sudan"), "the legend, wrapped: \(egypt.out)")
    #expect(egypt.out.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille cells")
    #expect(!egypt.out.contains("\u{1B}"), "plain output has no escape sequences")
    let malta = await TestShell(format: .plain).run("map Malta --width 60")
    #expect(malta.out.contains("◉ Valletta") && malta.out.contains("too small for the 1:110m outlines"))
  }

  /// Antarctica, Bouvet Island and Macau have no capital in the data: no mark, no capital feature or row.
  @Test(arguments: ["ATA", "BVT", "MAC"])
  func aCountryWithoutACapitalHasNoCapitalMark(_ code: String) async throws {
    let picture = await TestShell(format: .plain).run("map \(code) --width 60")
    #expect(picture.status == 0, "\(picture.err)")
    #expect(!picture.out.contains("◉"), "\(picture.out)")
    let json = await TestShell(format: .json).run("map \(code)")
    #expect(!json.out.contains("\"capital\""), "\(json.out.prefix(400))")
    let csv = await TestShell(format: .csv).run("map \(code)")
    #expect(!csv.out.contains(",capital,"))
    #expect(await TestShell(format: .plain).run("map Egypt --width 60").out.contains("◉ Cairo"))
  }

  @Test func colourDimsTheSurroundingsOnly() async {
    let shell = TestShell(format: .table)
    shell.engine.context.session.update { $0.color = true }
    let coloured = await shell.run("map Egypt --width 60")
    #expect(coloured.out.contains("\u{1B}[2m"), "the land around is dim")
    #expect(coloured.out.contains("\u{1B}[36m"), "the country is in the accent colour")
    let plain = await shell.run("map Egypt --width 60 --no-color")
    #expect(!plain.out.contains("\u{1B}"))
  }

  @Test func namesCannotSteerTheTerminal() async {
    let countries = TestData.countries.map { country -> Country in
      var country = country
      if country.cca3 == "EGY" { country.name.common = "Egypt\u{1B}[2J\u{202E}" }
      return country
    }
    let result = await TestShell(format: .plain, catalog: CountryCatalog(countries: countries)).run(
      "map EGY --width 40")
    #expect(result.status == 0)
    #expect(!result.out.contains("\u{1B}") && !result.out.contains("\u{202E}"))
    #expect(result.out.hasPrefix("Egypt\\x1B[2J\\u202E · "))
  }

  @Test func widthIsValidated() async {
    for bad in ["19", "401", "0", "-5"] {
      let result = await TestShell().run("map Egypt --width \(bad)")
      #expect(result.status == 2, "--width \(bad): \(result.err)")
      #expect(result.out.isEmpty)
    }
    #expect(await TestShell().run("map Egypt --width wide").status == 2)
    #expect(await TestShell().run("map Atlantis").status == 1)
    let narrow = await TestShell(format: .plain).run("map Brazil --width 20")
    #expect(narrow.status == 0)
  }

  @Test func everyCountryDraws() async {
    let shell = TestShell(format: .plain)
    for country in TestData.countries {
      let result = await shell.run("map \(country.cca3) --width 30")
      #expect(result.status == 0 && result.out.contains(country.name.common), "\(country.cca3): \(result.err)")
    }
  }

  @Test func jsonIsGeoJSON() async throws {
    let result = await TestShell(format: .json).run("map South Africa")
    #expect(result.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(object["type"] as? String == "FeatureCollection")
    let features = try #require(object["features"] as? [[String: Any]])
    var roles: [String: [String]] = [:]
    for feature in features {
      #expect(feature["type"] as? String == "Feature")
      let properties = try #require(feature["properties"] as? [String: String])
      roles[properties["role"] ?? "", default: []].append(properties["cca3"] ?? "")
      let geometry = try #require(feature["geometry"] as? [String: Any])
      switch geometry["type"] as? String {
      case "MultiPolygon":
        let polygons = try #require(geometry["coordinates"] as? [[[[Double]]]])
        for ring in polygons.flatMap({ $0 }) {
          #expect(ring.count >= 4 && ring.first == ring.last, "a closed linear ring")
          #expect(ring.allSatisfy { $0.count == 2 && abs($0[0]) <= 180 && abs($0[1]) <= 90 })
        }
      case "Point":
        #expect((geometry["coordinates"] as? [Double])?.count == 2)
      default:
        Issue.record("unexpected geometry \(geometry)")
      }
    }
    #expect(roles["country"] == ["ZAF"] && roles["capital"] == ["ZAF"])
    #expect(Set(roles["neighbour"] ?? []) == ["BWA", "LSO", "MOZ", "NAM", "SWZ", "ZWE"])
    let zaf = try #require(features.first { ($0["properties"] as? [String: String])?["role"] == "country" })
    let polygons = try #require((zaf["geometry"] as? [String: Any])?["coordinates"] as? [[[[Double]]]])
    #expect(polygons.contains { $0.count == 2 }, "Lesotho is a hole in South Africa's polygon")

    let malta = await TestShell(format: .json).run("map Malta")
    let maltaObject = try #require(try JSONSerialization.jsonObject(with: Data(malta.out.utf8)) as? [String: Any])
    let maltaFeatures = try #require(maltaObject["features"] as? [[String: Any]])
    #expect(maltaFeatures.count == 2, "Malta as a point and Valletta")
  }

  @Test func csvIsOutlinePoints() async {
    let result = await TestShell(format: .csv).run("map Egypt")
    let rows = result.out.components(separatedBy: "\r\n")
    #expect(rows.first == "cca3,role,ring,lon,lat")
    #expect(rows.contains { $0.hasPrefix("EGY,country,1,") } && rows.contains { $0.hasPrefix("LBY,neighbour,1,") })
    #expect(rows.contains { $0.hasPrefix("EGY,capital,,31.") })
  }
}
