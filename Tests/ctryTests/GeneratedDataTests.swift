import CountryModel
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

  /// The hand-written sovereignty table covers every entry that is not
  /// independent, names a source for each, and is what the bundled data says; its kinds of territory
  /// are worded by the card as the table's comment says.
  @Test func sovereigntyTableIsCompleteAndSourced() throws {
    let python = try #require(ExternalTool.find("python3"), "python3 is missing: run Scripts/setup --test")
    let script = """
      import json, sys
      sys.path.insert(0, sys.argv[1])
      import corrections as C
      print(json.dumps({"table": {k: list(v) for k, v in C.SOVEREIGNTY.items()}, "disputed": C.DISPUTED,
                        "kinds": C.DEPENDENCY_KINDS}))
      """
    let result = try ExternalTool.run(
      python, ["-B", "-c", script, "\(TestPaths.repository)/Scripts/dataset"], directory: TestPaths.repository)
    #expect(result.status == 0, "\(result.err)")
    struct Tables: Decodable {
      var table: [String: [String?]]
      var disputed: [String: String]
      var kinds: [String: String]
    }
    let tables = try JSONDecoder().decode(Tables.self, from: Data(result.out.utf8))
    let countries = TestData.countries
    let dependent = Set(countries.filter { $0.independent == false }.map(\.cca3))
    #expect(Set(tables.table.keys) == dependent)
    for country in countries where dependent.contains(country.cca3) {
      let row = try #require(tables.table[country.cca3])
      #expect(row.count == 3, "\(country.cca3): (parent, kind, source)")
      #expect(row[0] == country.parent && row[1] == country.dependencyType, "\(country.cca3)")
      #expect((row.last ?? nil)?.isEmpty == false, "\(country.cca3) names no source")
    }
    #expect(Set(tables.disputed.keys) == Set(countries.filter { $0.disputed == true }.map(\.cca3)))
    #expect(tables.disputed.values.allSatisfy { !$0.isEmpty })
    let words: [String: Set<String>] = [
      "part": Sovereignty.partKinds, "association": Sovereignty.associationKinds,
      "dependency": Sovereignty.dependencyKinds, "none": Sovereignty.unclaimedKinds,
    ]
    for (kind, relation) in tables.kinds {
      #expect(words[relation]?.contains(kind) == true, "\(kind): \(relation)")
    }
    #expect(Set(tables.kinds.keys) == Sovereignty.knownKinds)
  }

  /// The CIA World Factbook's FIPS 10-4 codes (`Scripts/dataset/factbook.py`): every one of the 250
  /// entries is mapped to Factbook entries or declared absent with a reason, no Factbook entry is
  /// mapped twice, and every population the data credits to the Factbook comes from a mapped entry.
  @Test func factbookCodesCoverEveryEntry() throws {
    let python = try #require(ExternalTool.find("python3"), "python3 is missing: run Scripts/setup --test")
    let script = """
      import json, sys
      sys.path.insert(0, sys.argv[1])
      import factbook as F
      print(json.dumps({"fips": {k: list(v) for k, v in F.FIPS.items()}, "absent": F.ABSENT}))
      """
    let result = try ExternalTool.run(
      python, ["-B", "-c", script, "\(TestPaths.repository)/Scripts/dataset"], directory: TestPaths.repository)
    #expect(result.status == 0, "\(result.err)")
    struct Tables: Decodable {
      var fips: [String: [String]]
      var absent: [String: String]
    }
    let tables = try JSONDecoder().decode(Tables.self, from: Data(result.out.utf8))
    let codes = Set(TestData.countries.map(\.cca3))
    #expect(codes.count == 250)
    #expect(Set(tables.fips.keys).union(tables.absent.keys) == codes)
    #expect(Set(tables.fips.keys).isDisjoint(with: tables.absent.keys))
    #expect(tables.absent.values.allSatisfy { !$0.isEmpty }, "each absence says why")
    let mapped = tables.fips.values.flatMap { $0 }
    #expect(Set(mapped).count == mapped.count, "a Factbook entry is mapped once")
    #expect(mapped.allSatisfy { $0.count == 2 && $0 == $0.lowercased() })
    #expect(tables.fips["AUT"] == ["au"] && tables.fips["AUS"] == ["as"], "FIPS AU is Austria, AS Australia")
    #expect(tables.fips["DEU"] == ["gm"] && tables.fips["GBR"] == ["uk"])
    for country in TestData.countries where country.populationSource == "est., CIA World Factbook" {
      #expect(tables.fips[country.cca3] != nil, "\(country.cca3): a Factbook figure, but no FIPS code")
    }
  }
}
