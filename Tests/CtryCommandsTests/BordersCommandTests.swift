import CtryTestSupport
import Foundation
import Testing

@Suite struct BordersCommandTests {
  @Test func neighboursByName() async {
    let result = await TestShell(format: .plain).run("borders Germany")
    #expect(result.out.split(separator: "\n").count == 9)
    #expect(result.out.contains("France\n"))
  }

  /// The crossing count has one name in every format: `crossings`, as the table's column says.
  @Test func depthCarriesTheCrossingsInEveryFormat() async throws {
    let result = await TestShell(format: .plain).run("borders Egypt --depth 2")
    #expect(result.out.contains("Libya\t1\n") && result.out.contains("Chad\t2\n"))
    let table = await TestShell().run("borders Egypt --depth 2")
    #expect(table.out.split(separator: "\n")[1].contains("Crossings"), "\(table.out)")
    let csv = await TestShell(format: .csv).run("borders Egypt --depth 2").out.components(separatedBy: "\r\n")
    #expect(csv[0] == "cca2,cca3,name,crossings,region,flag", "\(csv[0])")
    #expect(csv.contains("TD,TCD,Chad,2,Africa,🇹🇩"), "\(csv)")
    let json = await TestShell(format: .json).run("borders Egypt --depth 2")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    let chad = try #require(objects.first { $0["cca3"] as? String == "TCD" })
    #expect(chad["crossings"] as? Int == 2, "\(chad.keys.sorted())")
    #expect((chad["capital"] as? [String]) == ["N'Djamena"], "still the REST Countries v3.1 object")
    #expect(objects.allSatisfy { $0["crossings"] is Int && $0["distance"] == nil })
  }

  @Test func islandsSaySo() async {
    let result = await TestShell().run("borders Iceland")
    #expect(result.status == 0, "no land borders is a correct answer, not a failure")
    #expect(result.out == "Iceland has no land borders.\n")
    let plain = await TestShell(format: .plain).run("borders Japan")
    #expect(plain.status == 0)
    #expect(plain.out.isEmpty, "plain output carries data only")
    #expect(plain.err == "Japan has no land borders.\n")
    #expect(await TestShell().run("borders Iceland --depth 0").status == 2)
  }
}
