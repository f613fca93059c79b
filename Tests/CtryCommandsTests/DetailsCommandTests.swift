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
