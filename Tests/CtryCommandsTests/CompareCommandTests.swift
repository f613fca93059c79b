import CtryCommands
import CtryShell
import CtryTestSupport
import Foundation
import Testing

/// `compare`: countries side by side.
@Suite struct CompareCommandTests {
  @Test func twoCountriesSideBySide() async {
    let result = await TestShell().run("compare Egypt Japan --at 2026-01-01")
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains("🇪🇬 Egypt") && $0.contains("🇯🇵 Japan") }, "one column each")
    for (label, egypt, japan) in [
      ("Capital", "Cairo", "Tokyo"), ("Population", "112,870,457 (2025)", "123,201,945 (2024)"),
      ("GDP per capita", "$16,800 at PPP (2024)", "$46,100 at PPP (2024)"),
      ("Life expectancy", "75 years (2024)", "85.2 years (2024)"),
      ("Median age", "24.6 years (2025)", "50.2 years (2025)"),
      ("Area", "1,002,450 km²", "377,930 km²"), ("Density", "113 /km²", "326 /km²"),
      ("Currencies", "EGP Egyptian pound", "JPY Japanese yen"), ("Languages", "Arabic", "Japanese"),
      ("Driving side", "right", "left"), ("Time zones", "UTC+02:00", "UTC+09:00"),
    ] {
      #expect(
        lines.contains { $0.hasPrefix(label) && $0.contains(egypt) && $0.contains(japan) }, "\(label) row: \(lines)")
    }
    #expect(
      lines.contains { $0.hasPrefix("Clock vs Egypt") && $0.hasSuffix("+7 h (+6 h from 23 Apr to 29 Oct)") },
      "Egypt's summer time, from its start at 00:00 on 24 April, 22:00 UTC: \(lines)")
    #expect(lines.contains { $0.hasPrefix("Land to Egypt") && $0.hasSuffix("no land route") })
    #expect(lines.contains { $0.hasPrefix("Distance to Egypt") && $0.hasSuffix("9,569 km, 51° NE") }, "Cairo–Tokyo")
  }

  /// The clock row follows daylight saving through the year of --at, and says when it differs.
  @Test func clockDifferencesFollowDaylightSaving() async throws {
    let result = await TestShell(format: .plain).run("compare Germany Japan --at 2026-07-01")
    #expect(result.out.contains("Clock vs Germany\t\t+8 h (+7 h from 29 Mar to 25 Oct)\n"), "\(result.out)")
    let next = await TestShell(format: .plain).run("compare Germany Japan --at 2027-01-01")
    #expect(next.out.contains("Clock vs Germany\t\t+8 h (+7 h from 28 Mar to 31 Oct)\n"), "\(next.out)")
    let json = await TestShell(format: .json).run("compare Germany Japan --at 2026-07-01")
    let records = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    #expect(records.last?["clock_vs_DEU"] as? String == "+8 h (+7 h from 29 Mar to 25 Oct)")
    #expect(records.last?["hours_vs_DEU_min"] as? Int == 8)
    let outside = await TestShell().run("compare Germany Japan --at 2040-01-01")
    #expect(outside.status == 0)
    #expect(outside.out.contains("+8 h (standard time)"), "\(outside.out)")
    #expect(outside.err.contains("2040 is outside the time zone table (2020–2035)"), "\(outside.err)")
    let bad = await TestShell().run("compare Germany Japan --at soon")
    #expect(bad.status == 2 && bad.err.hasPrefix("--at takes a moment in ISO 8601"), "\(bad.err)")
  }

  @Test func bordersAndCrossings() async {
    let result = await TestShell().run("compare Egypt Kenya France Germany --at 2026-01-01")
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("Land to Egypt") && $0.contains("3 crossings") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("Land to France") && $0.hasSuffix("neighbours") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("Clock vs Egypt") && $0.contains("+1 h") && $0.contains("−1 h") })
  }

  /// Several zones give a range, never a made-up figure; no capital coordinates: the centre, said so.
  @Test func honestAboutZonesAndMissingCapitals() async {
    let lines = await TestShell().run("compare Egypt Russia Antarctica --at 2026-01-01").out.split(separator: "\n").map(
      String.init)
    #expect(lines.contains { $0.hasPrefix("Time zones") && $0.contains("(11 zones)") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("Clock vs Egypt") && $0.contains("±0 to +10 h") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("Distance to Egypt") && $0.contains("(from centre), ") }, "\(lines)")
  }

  /// The initial great-circle bearing from the first capital: London sets off west-north-west for
  /// Washington (a rhumb line would head south of west), and each way differs.
  @Test func distanceCarriesTheInitialBearing() async throws {
    for (line, row, value) in [
      ("compare Egypt Japan", "Distance to Egypt", "9,569 km, 51° NE"),
      ("compare Japan Egypt", "Distance to Japan", "9,569 km, 305° NW"),
      ("compare 'United Kingdom' 'United States'", "Distance to United Kingdom", "288° WNW"),
      ("compare France Germany", "Distance to France", "876 km, 58° ENE"),
      ("compare Norway 'South Africa'", "Distance to Norway", "164° SSE"),
    ] {
      let lines = await TestShell().run(line).out.split(separator: "\n").map(String.init)
      #expect(lines.contains { $0.hasPrefix(row) && $0.hasSuffix(value) }, "\(line): \(lines)")
    }
    let json = await TestShell(format: .json).run("compare Egypt Japan").out
    let cards = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(cards.first?["bearing_to_JPN"] as? Int == 51, "\(cards.first?.keys.sorted() ?? [])")
    #expect(cards.last?["bearing_to_EGY"] as? Int == 305)
    #expect(cards.first?["bearing_to_EGY"] is NSNull, "no bearing to itself")
  }

  /// Names with spaces: quoted, or typed as they are (as `favorites add` resolves them).
  @Test func namesWithSpaces() async {
    for line in [
      "compare united kingdom new zealand", "compare 'United Kingdom' \"New Zealand\"", "compare gb new zealand",
    ] {
      let result = await TestShell(format: .csv).run(line)
      #expect(result.status == 0, "\(line): \(result.err)")
      let header = result.out.components(separatedBy: "\r\n").first
      #expect(header == "field,United Kingdom,New Zealand", "\(line): \(result.out)")
    }
  }

  @Test func jsonHasOneRecordPerCountry() async throws {
    let result = await TestShell(format: .json).run("compare Egypt Japan --at 2026-01-01")
    let records = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
    #expect(records.count == 2)
    let egypt = try #require(records.first)
    #expect(egypt["cca3"] as? String == "EGY" && egypt["population"] as? Int == 112_870_457)
    #expect(egypt["population_year"] as? Int == 2025 && egypt["area"] as? Int == 1_002_450)
    #expect(egypt["population_source"] as? String == "est., CIA World Factbook")
    #expect(egypt["life_expectancy"] as? Double == 75 && egypt["median_age_year"] as? Int == 2025, "\(egypt)")
    #expect(egypt["hours_vs_JPN_min"] as? Int == -7 && egypt["hours_vs_JPN_max"] as? Int == -7, "\(egypt)")
    #expect(egypt["distance_km_to_JPN"] as? Int == 9569)
    let japan = try #require(records.last)
    #expect(japan["hours_vs_EGY_min"] as? Int == 7, "as the table's Japan column says: Clock vs Egypt +7 h")
    #expect(egypt["crossings_to_JPN"] is NSNull, "no land route")
    #expect(egypt["distance_from"] as? String == "capital")
  }

  /// A country's relations to itself are zero, so that `null` means only "no land route".
  @Test func jsonTellsNoLandRouteFromTheSameCountry() async throws {
    let result = await TestShell(format: .json).run("compare Egypt Japan Sudan --at 2026-01-01")
    let records = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
    let egypt = try #require(records.first { $0["cca3"] as? String == "EGY" })
    #expect(egypt["crossings_to_EGY"] as? Int == 0, "the same country: \(egypt["crossings_to_EGY"] ?? "missing")")
    #expect(egypt["hours_vs_EGY_min"] as? Int == 0 && egypt["distance_km_to_EGY"] as? Int == 0)
    #expect(egypt["crossings_to_JPN"] is NSNull, "no land route")
    #expect(egypt["crossings_to_SDN"] as? Int == 1)
    let csv = await TestShell(format: .csv).run("compare Egypt Japan --at 2026-01-01").out.components(
      separatedBy: "\r\n")
    #expect(csv.contains("crossings_to_EGY,0,") && csv.contains("crossings_to_JPN,,0"), "\(csv)")
  }

  /// CSV is the table's layout with raw values: a row a fact, under its JSON name, a column a country.
  @Test func csvHasOneRowPerFactWithRawValues() async {
    let rows = await TestShell(format: .csv).run("compare Egypt Sudan --at 2026-01-01").out.components(
      separatedBy: "\r\n")
    #expect(rows.starts(with: ["field,Egypt,Sudan", "cca3,EGY,SDN", "name,Egypt,Sudan"]), "\(rows)")
    for row in [
      "population,112870457,50467278", "population_year,2025,2024", "gdp_per_capita,16800,1900",
      "gdp_per_capita_year,2024,2024", "area,1002450,", "capital,Cairo,Khartoum",
    ] {
      #expect(rows.contains { $0.hasPrefix(row) }, "\(row): \(rows)")
    }
    #expect(rows.contains("hours_vs_EGY_min,0,0") && rows.contains("crossings_to_EGY,0,1"), "same zone, neighbours")
  }

  /// Plain and CSV name each country in a header row, so that a program knows which column is which.
  @Test func plainAndCSVNameEachCountryInAHeader() async {
    let plain = await TestShell(format: .plain).run("compare Egypt Kenya --at 2026-01-01").out.split(separator: "\n")
    #expect(plain.first == "\t🇪🇬 Egypt\t🇰🇪 Kenya", "\(plain)")
    let csv = await TestShell(format: .csv).run("compare Egypt Kenya --at 2026-01-01").out.components(
      separatedBy: "\r\n")
    #expect(csv.first == "field,Egypt,Kenya", "\(csv)")
    #expect(csv.contains("capital,Cairo,Nairobi") && csv.contains("population,112870457,55751717"), "\(csv)")
  }

  /// A clock difference for programs reads as the table's cell: Kenya's column says "Clock vs Egypt
  /// +1 h", so Kenya's record has `hours_vs_EGY` 1; several zones give the range the table shows.
  @Test func jsonClockDifferencesHaveTheTablesSignAndRange() async throws {
    let kenya = try #require(
      try await records("compare Egypt Kenya --at 2026-01-01").first { $0["cca3"] as? String == "KEN" })
    #expect(kenya["hours_vs_EGY_min"] as? Int == 1 && kenya["hours_vs_EGY_max"] as? Int == 1, "\(kenya)")
    let spain = await TestShell().run("compare Spain Morocco --at 2026-01-01").out
    #expect(spain.contains("±0 to +1 h"), "\(spain)")
    let morocco = try #require(
      try await records("compare Spain Morocco --at 2026-01-01").first { $0["cca3"] as? String == "MAR" })
    #expect(morocco["hours_vs_ESP_min"] as? Int == 0 && morocco["hours_vs_ESP_max"] as? Int == 1, "\(morocco)")
  }

  private func records(_ line: String) async throws -> [[String: Any]] {
    let result = await TestShell(format: .json).run(line)
    return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
  }

  @Test func plainIsTabSeparated() async {
    let result = await TestShell(format: .plain).run("compare Egypt Japan --at 2026-01-01")
    #expect(result.out.contains("Capital\tCairo\tTokyo\n"), "\(result.out)")
  }

  /// Long cells wrap inside their column, as the `details` card wraps its values, instead of being cut
  /// to `…`: in a terminal every line fits its width; piped, every cell is whole on one line.
  @Test func longCellsWrapInsteadOfBeingCut() async {
    let line = "compare Switzerland 'South Africa' Bolivia"
    let languages =
      "Afrikaans, English, Northern Sotho, South Ndebele, Southern Sotho, Swati, Tsonga, Tswana, Venda, Xhosa, Zulu"
    for width in [60, 80, 120] {
      let result = await TestShell(width: width).run(line)
      #expect(result.status == 0)
      #expect(!result.out.contains("…"), "\(width) columns: nothing cut\n\(result.out)")
      for row in result.out.split(separator: "\n") {
        #expect(TerminalWidth.of(row) <= width, "\(TerminalWidth.of(row)): \(row)")
      }
      let words = result.out.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," })
      for word in (languages + ", Pretoria, Bloemfontein, Cape Town").split(whereSeparator: { $0 == " " || $0 == "," })
      {
        #expect(words.contains(word), "\(width) columns: \(word) is shown")
      }
    }
    let piped = await TestShell().run(line)
    #expect(!piped.out.contains("…"))
    #expect(piped.out.contains(languages), "piped: the whole cell on one line")
  }

  /// A number in a cell is never split: on a narrow terminal a cell wraps at its spaces, and each
  /// number (`1,407,181,209`) and time (`UTC+05:30`) stays whole on one line; countries that do not
  /// fit beside the others follow below, under the labels again.
  @Test func numbersAreNeverSplitMidDigit() async {
    let line = "compare China India Japan Brazil 'United States'"
    let numbers = [
      "1,407,181,209", "1,419,316,933", "123,201,945", "221,359,387", "9,640,011", "3,287,590", "377,930",
      "UTC+05:30", "UTC+08:00",
    ]
    for width in [50, 60, 80] {
      let result = await TestShell(width: width).run(line)
      #expect(result.status == 0)
      for number in numbers {
        #expect(result.out.contains(number), "\(width) columns: \(number) whole\n\(result.out)")
      }
      for row in result.out.split(separator: "\n") {
        #expect(TerminalWidth.of(row) <= width, "\(TerminalWidth.of(row)): \(row)")
      }
      #expect(result.out.components(separatedBy: "Population").count - 1 > (width < 80 ? 1 : 0), "bands")
    }
  }

  @Test func needsTwoDifferentCountries() async {
    let one = await TestShell().run("compare Egypt")
    #expect(one.status == 2 && one.err.contains("at least two"), "\(one.err)")
    #expect(await TestShell().run("compare Egypt egy").status == 2)
    #expect(await TestShell().run("compare").status == 2)
    let unknown = await TestShell().run("compare Egypt Grmny")
    #expect(unknown.status == 1 && unknown.err.contains("Germany"), "\(unknown.err)")
  }

  @Test func completesCountryNames() {
    let completer = Completer(registry: BuiltinCommands.registry(), catalog: TestData.catalog)
    #expect(completer.complete("compare Egypt Jap").candidates == ["Japan"])
    #expect(completer.complete("compare Egypt united k").candidates == ["United Kingdom"])
    #expect(completer.complete("comp").candidates.contains("compare"))
  }
}
