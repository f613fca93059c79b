import CountryModel
import CtryTestSupport
import Foundation
import Testing

/// Plain output of a country list is made apart from the full table (names from the index, no
/// explanations): it must print the same countries, in the same order, as the table programs get.
@Suite struct CountryTableTests {
  static let lists = [
    "search z", "search republic", "search am", "search germny", "search cote d ivoire", "search --region Africa",
    "search --language French", "search --region Asia --sort area --limit 10", "search united --member un",
    "search --translation allemagne", "search guinea --reverse", "borders Germany", "borders China",
    "currencies EUR", "currencies XOF",
  ]

  private func objects(_ line: String) async throws -> [[String: Any]] {
    let json = await TestShell(format: .json).run(line)
    return try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]], "\(line)")
  }

  /// With a command's own column (the currency of `currencies EUR`) after each name.
  @Test(arguments: lists) func plainListsTheTablesCountries(line: String) async throws {
    let plain = await TestShell(format: .plain).run(line)
    let names = try await objects(line).map { object in
      let name = (object["name"] as? [String: Any])?["common"] as? String ?? "?"
      return (object["currency"] as? String).map { "\(name)\t\($0)" } ?? name
    }
    #expect(!names.isEmpty, "\(line)")
    #expect(plain.out == names.map { $0 + "\n" }.joined(), "\(line)")
    #expect(plain.status == 0)
  }

  @Test(arguments: ["borders Egypt --depth 2", "borders France --depth 3", "borders Brazil --depth 1"])
  func plainBordersByDepthAddTheCrossings(line: String) async throws {
    let plain = await TestShell(format: .plain).run(line)
    let rows = try await objects(line).map { object in
      let name = (object["name"] as? [String: Any])?["common"] as? String ?? "?"
      return line.hasSuffix("--depth 1") ? name : "\(name)\t\(object["crossings"] as? Int ?? -1)"
    }
    #expect(rows.count > 3, "\(line)")
    #expect(plain.out == rows.map { $0 + "\n" }.joined(), "\(line)")
  }

  /// The table format still shows what a search matched on; plain never does.
  @Test func explanationsShowInTheTableOnly() async {
    let table = await TestShell().run("search holland")
    #expect(table.out.contains("Matched") && table.out.contains("Holland"), "\(table.out)")
    #expect(await TestShell(format: .plain).run("search holland").out == "Netherlands\nCaribbean Netherlands\n")
  }
}
