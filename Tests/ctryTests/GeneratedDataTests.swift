import CountryModel
import CtryTestSupport
import Foundation
import Testing

/// Every file of generated data in Sources/ comes with a generator whose `--check` runs here, offline.
@Suite(.ownThread) struct GeneratedDataTests {
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

  /// The bundled languages were audited against REST Countries' `/v3.1/all` (the test fixture, which
  /// never feeds the data): where REST was right, `LANGUAGES` in `Scripts/dataset/corrections.py`
  /// says so with a source. What differs still is each decided for ctry's sources, here with the
  /// reason, as (codes only ctry has, codes only REST has): a new difference fails until decided.
  @Test func languagesDifferFromRESTOnlyWhereDecided() throws {
    let decided: [String: (ours: Set<String>, rest: Set<String>)] = [
      "AFG": (["uzb"], []),  // Uzbek is a regional official language as Turkmen is (Constitution, art. 16)
      "BFA": (["ful"], []),  // countryinfo's; the 2023 constitutional revision is not settled here
      "BLZ": ([], ["bjz"]),  // Belizean Creole is not official
      "BVT": ([], ["nor"]),  // uninhabited
      "CHE": (["deu"], ["gsw"]),  // the Federal Constitution (art. 4) names German, not Swiss German
      "COG": (["mkw"], ["kon"]),  // the constitution's Kituba (ISO 639-3 mkw)
      "COM": (["swb"], ["zdj"]),  // Comorian as CLDR codes it
      "ESH": (["ara"], ["ber", "mey"]),  // Arabic and Spanish
      "ESP": (["glg"], ["glc"]),  // glc is no ISO 639-3 code for Galician
      "GGY": ([], ["nfr"]),  // Guernésiais is not official
      "GNB": ([], ["pov"]),  // Portuguese is the only official language
      "IND": ([], ["tam"]),  // Hindi and English (art. 343); Tamil is one of 22 scheduled languages
      "IRQ": (["kur"], ["arc", "ckb"]),  // Arabic and Kurdish (Constitution, art. 4)
      "ITA": ([], ["cat"]),  // Catalan is a protected minority language in Alghero only
      "JAM": ([], ["jam"]),  // Patois is not official
      "JEY": ([], ["nrf"]),  // Jèrriais is not official
      "MAR": (["zgh"], ["ber"]),  // the constitution's Amazigh; ber is a language family
      "MUS": ([], ["fra", "mfe"]),  // English is the National Assembly's language (Constitution, s. 49)
      "MYS": ([], ["eng"]),  // Malay is the only official language (Constitution, art. 152)
      "NAM": ([], ["deu", "her", "hgm", "kwn", "loz", "ndo", "tsn"]),  // English alone official (art. 3)
      "NOR": (["sme"], ["smi"]),  // Northern Sami; smi is a language family
      "SXM": ([], ["fra"]),  // Dutch and English
      "TKL": ([], ["smo"]),  // Samoan is used, not official
      "ZWE": (["nmq"], ["khi"]),  // Nambya is one of the sixteen; khi is a language family
    ]
    let fixture = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("v3.1-all.json")))
    let rest = Dictionary(
      try JSONDecoder().decode([Country].self, from: fixture).map { ($0.cca3, $0) }, uniquingKeysWith: { a, _ in a })
    var differences: [String: (ours: Set<String>, rest: Set<String>)] = [:]
    for country in TestData.countries {
      let ours = Set((country.languages ?? [:]).keys)
      let theirs = Set((rest[country.cca3]?.languages ?? [:]).keys)
      if ours != theirs { differences[country.cca3] = (ours.subtracting(theirs), theirs.subtracting(ours)) }
    }
    #expect(TestData.countries.count == 250 && rest.count == 250)
    #expect(
      Set(differences.keys) == Set(decided.keys),
      "undecided: \(Set(differences.keys).symmetricDifference(decided.keys).sorted())")
    for (code, difference) in differences.sorted(by: { $0.key < $1.key }) {
      #expect(decided[code].map { $0 == difference } == true, "\(code): \(difference)")
    }
    #expect(TestData.countries.first { $0.cca3 == "GNQ" }?.languages?["por"] == "Portuguese")
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
