import CountryKit
import CtryShell
import CtryTestSupport
import Foundation
import Testing

@Suite struct DetailsCommandTests {
  @Test func cardShowsEverything() async {
    let result = await TestShell().run("details Egypt")
    #expect(result.status == 0)
    for expected in [
      "🇪🇬  Egypt", "Arab Republic of Egypt", "Capital", "Cairo", "EGP", "Arabic", "Libya", "Sudan", "Population", "km²",
      "+20", ".eg",
    ] {
      #expect(result.out.contains(expected), "missing \(expected)")
    }
  }

  /// Two countries where one is expected: the hint names `compare` with them, quoted where needed.
  @Test func twoCountriesHintAtCompare() async {
    let result = await TestShell().run("details Egypt Japan")
    #expect(result.status == 1)
    #expect(result.err == "unknown country 'Egypt Japan' — to put them side by side: compare Egypt Japan\n")
    let spaced = await TestShell().run("details new zealand south africa peru")
    #expect(
      spaced.err.hasSuffix(" — to put them side by side: compare 'New Zealand' 'South Africa' Peru\n"), "\(spaced.err)")
    let typo = await TestShell().run("details Egypt Jpaan")
    #expect(!typo.err.contains("compare"), "only when every part is a country: \(typo.err)")
  }

  /// Each population says the year it counts (issue 13); the postal code format is on the card.
  @Test func populationWithItsYearAndPostalCode() async {
    let egypt = await TestShell().run("details Egypt")
    #expect(egypt.out.contains("Population    104,124,000 (2021)"), "\(egypt.out)")
    #expect(egypt.out.contains("Postal code   ##### (# digit)"), "\(egypt.out)")
    #expect(await TestShell().run("details Ireland").out.contains("5,149,139 (2022)"))
    #expect(await TestShell().run("details Kosovo").out.contains("1,586,659 (2024)"))
    let plain = await TestShell(format: .plain).run("details Egypt")
    #expect(plain.out.contains("Population: 104,124,000 (2021)\n"), "\(plain.out)")
  }

  /// CSV is for programs: raw numbers, the flag apart, region and subregion apart (issue 13).
  @Test func csvGivesRawValues() async {
    let result = await TestShell(format: .csv).run("details Egypt")
    #expect(result.status == 0)
    let rows = result.out.components(separatedBy: "\r\n")
    #expect(rows.prefix(4) == ["field,value", "name,Egypt", "flag,🇪🇬", "official,Arab Republic of Egypt"], "\(rows)")
    for row in [
      "population,104124000", "population_year,2021", "area,1002450", "region,Africa", "subregion,Northern Africa",
      "capital,Cairo", "cca2,EG", "cca3,EGY", "ccn3,818", "postal_code_format,#####", "postal_code_regex,^(\\d{5})$",
    ] {
      #expect(rows.contains(row), "missing \(row) in \(rows)")
    }
    #expect(!result.out.contains("km²") && !result.out.contains("104,124,000") && !result.out.contains(" · "))
    let home = await TestShell(format: .csv).run("home")
    #expect(home.out.hasPrefix("field,value\r\nname,Egypt\r\nflag,🇪🇬\r\n"), "the short card too: \(home.out)")
    let table = await TestShell().run("details Egypt")
    #expect(table.out.contains("Africa · Northern Africa") && table.out.contains("1,002,450 km²"), "people's card")
  }

  @Test func jsonIsTheV31Object() async throws {
    let result = await TestShell(format: .json).run("details Egypt")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect((object["capital"] as? [String]) == ["Cairo"])
    let egp = try #require((object["currencies"] as? [String: Any])?["EGP"] as? [String: String])
    #expect(egp["symbol"]?.isEmpty == false)
    #expect((object["languages"] as? [String: String])?["ara"] == "Arabic")
    let borders = Set(object["borders"] as? [String] ?? [])
    #expect(borders.isSuperset(of: ["LBY", "SDN"]))
  }

  @Test func ambiguousAndUnknown() async {
    let ambiguous = await TestShell().run("details united")
    #expect(ambiguous.status == 1)
    #expect(ambiguous.err.contains("United Kingdom") && ambiguous.err.contains("United States"))
    let unknown = await TestShell().run("details Germny")
    #expect(unknown.status == 1)
    #expect(unknown.err == "unknown country 'Germny' — did you mean 'Germany'?\n")
    #expect(await TestShell().run("details").status == 2)
  }

  @Test func helpFlag() async {
    let result = await TestShell().run("details --help")
    #expect(result.status == 0)
    #expect(result.out.contains("Usage: details COUNTRY") && result.out.contains("Examples:"))
  }
}
