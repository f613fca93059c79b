import CtryTestSupport
import Foundation
import Testing

/// Every file of generated data in Sources/ comes with a generator whose `--check` runs here, offline.
@Suite struct GeneratedDataTests {
  /// `TextFolding+Table.swift` is exactly what `Scripts/make-folding` makes from Python's unicodedata.
  /// Python 3 is installed by `Scripts/setup --test`.
  @Test func foldingTableMatchesItsGenerator() throws {
    let python = try #require(ExternalTool.find("python3"), "python3 is missing: run Scripts/setup --test")
    let result = try ExternalTool.run(
      python, ["\(TestPaths.repository)/Scripts/make-folding", "--check"], directory: TestPaths.repository)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasSuffix("is up to date\n"), "\(result.out)")
  }

  /// `OtherNames+Table.swift` is exactly what `Scripts/make-other-names` makes from
  /// `Scripts/dataset/other-names.tsv`, whose every code is a country of the bundled data.
  @Test func otherNamesTableMatchesItsGenerator() throws {
    let python = try #require(ExternalTool.find("python3"), "python3 is missing: run Scripts/setup --test")
    let result = try ExternalTool.run(
      python, ["\(TestPaths.repository)/Scripts/make-other-names", "--check"], directory: TestPaths.repository)
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out == "make-other-names: up to date\n", "\(result.out)")
  }
}
