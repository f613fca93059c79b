import CtryShell
import CtryTestSupport
import Foundation
import Testing

/// `search --columns` chooses a list's columns by their CSV names, in every format; `--sort KEY`
/// shows KEY's column.
@Suite struct SearchColumnsTests {
  static let line = "search --region Oceania --sort -area --limit 2"

  @Test func csvHasTheChosenColumnsAlone() async {
    let csv = await TestShell(format: .csv).run("search --columns name,area --region Oceania --limit 2")
    #expect(csv.out == "name,area\r\nAmerican Samoa,199\r\nAustralia,7692024\r\n", "\(csv.out)")
  }

  @Test func jsonHasTheChosenColumnsAlone() async throws {
    let json = await TestShell(format: .json).run("search --columns name,area --region Oceania --limit 2")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    #expect(objects.count == 2)
    #expect(objects[0]["name"] as? String == "American Samoa" && objects[0]["area"] as? Double == 199)
    #expect(objects.allSatisfy { Set($0.keys) == ["name", "area"] })
  }

  @Test func plainAndTableHaveTheChosenColumns() async {
    let plain = await TestShell(format: .plain).run("search --columns name,capital,area --region Oceania --limit 2")
    #expect(plain.out == "American Samoa\tPago Pago\t199\nAustralia\tCanberra\t7,692,024\n", "\(plain.out)")
    let table = await TestShell().run("search --columns cca3,area --region Oceania --limit 2")
    let lines = table.out.split(separator: "\n")
    #expect(lines.count == 4, "\(table.out)")
    #expect(lines[0].contains("cca3") && lines[0].contains("Area") && !lines[0].contains("Name"), "\(lines[0])")
    #expect(lines[3].contains("AUS") && lines[3].contains("7,692,024"), "\(lines[3])")
  }

  @Test func theSortKeysColumnIsShown() async {
    let table = await TestShell().run("search --sort area --limit 3")
    let lines = table.out.split(separator: "\n")
    #expect(lines[0].contains("Area"), "\(lines[0])")
    #expect(lines[2].contains("Russia") && lines[2].contains("17,124,442"), "\(lines[2])")
    let csv = await TestShell(format: .csv).run("search --sort area --limit 1")
    #expect(
      csv.out
        == "cca2,cca3,name,capital,region,population,area,flag\r\nRU,RUS,Russia,Moscow,Europe,140134279,17124442,🇷🇺\r\n")
    let chosen = await TestShell(format: .csv).run("search --columns name --sort -area --limit 1")
    #expect(chosen.out == "name,area\r\nVatican City,0.49\r\n", "\(chosen.out)")
  }

  /// A fact the index's rows lack, sorted by from the records and added to JSON under its key.
  @Test func aSortKeyFromTheRecords() async throws {
    let plain = await TestShell(format: .plain).run("search --sort density --limit 3")
    #expect(plain.out == "Macau\nMonaco\nSingapore\n", "\(plain.out)")
    let json = await TestShell(format: .json).run("search --sort density --limit 1")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    #expect(objects.first?["density"] as? Double == 21480.9 && objects.first?["cca3"] as? String == "MAC")
  }

  @Test func anUnknownColumnIsAUsageError() async {
    let result = await TestShell().run("search --columns name,populaton")
    #expect(result.status == 2)
    #expect(result.out.isEmpty)
    #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
    #expect(result.err.contains("'populaton'") && result.err.contains("population") && result.err.contains("cca3"))
  }
}
