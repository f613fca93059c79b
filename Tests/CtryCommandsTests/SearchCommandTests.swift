import CountryKit
import CtryShell
import CtryTestSupport
import Foundation
import Testing

@Suite struct SearchCommandTests {
  @Test func capitalFilterPlain() async {
    let shell = TestShell(format: .plain)
    let result = await shell.run("search --capital helsinki")
    #expect(result.out == "Finland\n")
    #expect(result.status == 0)
  }

  @Test func tableColumns() async {
    let result = await TestShell().run("search --region Europe --sort population --limit 3")
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == 5, "header, rule, three rows")
    #expect(
      lines[0].contains("Name") && lines[0].contains("Capital") && lines[0].contains("Region")
        && lines[0].contains("Population"))
    #expect(lines[2].contains("Russia") && lines[2].contains("Moscow"))
  }

  @Test func nothingFoundExitsOne() async {
    let result = await TestShell().run("search --capital atlantis")
    #expect(result.status == 1)
    #expect(result.out == "No countries match.\n")
  }

  @Test func unknownRegionSuggests() async {
    let result = await TestShell().run("search --region Eurpe")
    #expect(result.status == 2)
    #expect(result.err == "unknown region 'Eurpe' — did you mean 'Europe'?\n")
  }

  @Test func jsonIsAnArrayOfV31Objects() async throws {
    let result = await TestShell(format: .json).run("search --currency EUR --region Europe")
    let array = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
    #expect(array.count > 15)
    #expect(array.allSatisfy { ($0["currencies"] as? [String: Any])?["EUR"] != nil })
  }

  @Test func translationAndDemonymFilters() async {
    #expect(await TestShell(format: .plain).run("search --translation Allemagne").out == "Germany\n")
    #expect(await TestShell(format: .plain).run("search --demonym Egyptian").out == "Egypt\n")
  }

  @Test func limitMustBePositive() async {
    #expect(await TestShell().run("search --limit 0").status == 2)
  }
}
