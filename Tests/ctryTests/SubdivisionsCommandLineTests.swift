import CtryTestSupport
import Foundation
import Testing

/// `subdivisions` and the subdivision names a country lookup takes, through the built binary: the
/// list in each format, `--kind`, a country without any, `details`/`search` by a subdivision's name,
/// Somaliland's note, completion, and the table read only when no country answers.
@Suite(.ownThread) struct SubdivisionsCommandLineTests {
  let directory = TestPaths.preparedDirectory()

  func ctry(_ arguments: String..., environment: [String: String] = [:]) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(["--data-dir", directory] + arguments, environment: environment)
  }

  /// A subdivision table is hostile like any file from outside: a name's control characters are shown
  /// escaped in the lookup's note and the list, such a name is never offered by completion, and a
  /// name with shell syntax is offered quoted for bash.
  @Test func aHostileTableIsShownSafely() throws {
    let table = "\(directory)/hostile-subdivisions.tsv"
    try "# hostile\nUS-HI\tstate\t\tHawa\u{1B}]0;pwn\u{07}ii\t\nUS-XX\tstate\t\tHawb$(touch x)\t\n".write(
      toFile: table, atomically: true, encoding: .utf8)
    let environment = ["CTRY_SUBDIVISIONS": table]
    let details = try ctry("--format", "plain", "details", "Hawa\u{1B}]0;pwn\u{07}ii", environment: environment)
    #expect(details.status == 0 && details.err.hasPrefix("Hawa\\x1b]0;pwn\\x07ii is a state of the United States"))
    #expect(!details.err.contains("\u{1B}") && !details.out.contains("\u{1B}"), "\(details.err)")
    let list = try ctry("--format", "plain", "subdivisions", "US", environment: environment)
    #expect(list.out.contains("US-HI\tHawa\\x1b]0;pwn\\x07ii\t") && !list.out.contains("\u{1B}"), "\(list.out)")
    let completion = try ctry("__complete", "--shell", "bash", "--", "ctry details Haw", environment: environment)
    #expect(completion.out == "Hawb\\$\\(touch\\ x\\)\n", "\(completion.out)")
  }

  @Test func canadaHasThirteenOneALineInPlain() throws {
    let result = try ctry("--format", "plain", "subdivisions", "Canada")
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == 13, "\(result.out)")
    #expect(lines.contains("CA-BC\tBritish Columbia\tprovince\t\t"), "\(result.out)")
    #expect(lines.contains("CA-YT\tYukon\tterritory\t\t"), "\(result.out)")
  }

  @Test func everyFormatHasCodeNameAndKind() throws {
    let json = try ctry("--json", "subdivisions", "Germany")
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    let bavaria = try #require(rows.first { $0["code"] as? String == "DE-BY" })
    #expect(bavaria["name"] as? String == "Bavaria")
    #expect(bavaria["otherName"] as? String == "Bayern")
    #expect(bavaria["kind"] as? String == "land")
    let csv = try ctry("--format", "csv", "subdivisions", "Canada")
    #expect(csv.out.hasPrefix("code,name,kind,parent,otherName\r\n"), "\(csv.out)")
    #expect(csv.out.contains("CA-QC,Quebec,province,,\r\n"), "\(csv.out)")
    let table = try ctry("subdivisions", "Canada")
    #expect(table.out.contains("Canada: 13 subdivisions") && table.out.contains("Nunavut"), "\(table.out)")
  }

  @Test func kindFiltersAndAnUnknownKindIsAUsageError() throws {
    let provinces = try ctry("--format", "plain", "subdivisions", "Canada", "--kind", "province")
    #expect(provinces.status == 0)
    #expect(provinces.out.split(separator: "\n").count == 10, "\(provinces.out)")
    #expect(!provinces.out.contains("territory"))
    let typo = try ctry("subdivisions", "Canada", "--kind", "provnce")
    #expect(typo.status == 2 && typo.out.isEmpty)
    #expect(typo.err.split(separator: "\n").count == 1, "one line: \(typo.err)")
    #expect(typo.err.contains("unknown kind 'provnce'") && typo.err.contains("province"), "\(typo.err)")
  }

  @Test func aCountryWithoutSubdivisionsSaysSoInOneLine() throws {
    let result = try ctry("subdivisions", "Antarctica")
    #expect(result.status == 1 && result.out.isEmpty)
    #expect(result.err == "Antarctica has no subdivisions in ISO 3166-2\n", "\(result.err)")
  }

  @Test func detailsHawaiiIsTheUnitedStatesWithANote() throws {
    let result = try ctry("--format", "plain", "details", "Hawaii")
    #expect(result.status == 0)
    #expect(result.out.contains("United States of America"), "\(result.out)")
    #expect(result.err == "Hawaii is a state of the United States (US-HI); showing United States\n", "\(result.err)")
    let json = try ctry("--json", "details", "Hawaii")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(object["cca3"] as? String == "USA", "stdout stays one JSON object")
  }

  @Test func crimeaAndTheCanaryIslandsFindTheirCountries() throws {
    let crimea = try ctry("--format", "plain", "details", "Crimea")
    #expect(crimea.status == 0 && crimea.err.contains("Crimea is a republic of Ukraine (UA-43)"), "\(crimea.err)")
    let canaries = try ctry("--format", "plain", "details", "canary islands")
    #expect(canaries.status == 0 && canaries.err.contains("of Spain (ES-CN)"), "\(canaries.err)")
    #expect(canaries.out.contains("Kingdom of Spain"), "\(canaries.out)")
  }

  @Test func searchBavariaFindsGermany() throws {
    let result = try ctry("--format", "plain", "search", "Bavaria")
    #expect(result.status == 0)
    #expect(result.out == "Germany\n", "\(result.out)")
    #expect(result.err.contains("Bavaria is a land of Germany (DE-BY)"), "\(result.err)")
  }

  @Test func somalilandIsSomaliaWithANoteOnItsStatus() throws {
    let result = try ctry("--format", "plain", "details", "Somaliland")
    #expect(result.status == 0)
    #expect(result.out.contains("Federal Republic of Somalia"), "\(result.out)")
    #expect(result.err.contains("Somaliland is a self-declared republic in north-western Somalia"), "\(result.err)")
    #expect(!result.err.contains("Eswatini"))
  }

  @Test func completionOffersSubdivisionsAfterCountries() throws {
    let bavaria = try ctry("__complete", "details", "Bava")
    #expect(bavaria.out == "Bavaria\n", "\(bavaria.out)")
    let country = try ctry("__complete", "details", "Cana")
    #expect(country.out == "Canada\n", "a country's name first, alone: \(country.out)")
    let canaries = try ctry("__complete", "details", "Canar")
    #expect(canaries.out.split(separator: "\n").contains("Canary Islands"), "\(canaries.out)")
    let shell = try ctry("__complete", "--shell", "bash", "--", "ctry details Hawa")
    #expect(shell.out.split(separator: "\n").contains("Hawaii"), "\(shell.out)")
    let kinds = try ctry("__complete", "subdivisions", "Canada", "--kind", "prov")
    #expect(kinds.out == "province\n", "\(kinds.out)")
  }

  /// The table costs nothing to a lookup that finds a country: with it missing, `details` and
  /// `search` answer as ever, and `subdivisions` says what is missing.
  @Test func aFoundCountryNeedsNoSubdivisionTable() throws {
    let missing = ["CTRY_SUBDIVISIONS": "/nonexistent/subdivisions.tsv"]
    let details = try ctry("--format", "plain", "details", "Germany", environment: missing)
    #expect(details.status == 0 && details.err.isEmpty, "\(details.err)")
    let search = try ctry("--format", "plain", "search", "germ", environment: missing)
    #expect(search.status == 0 && search.out == "Germany\n", "\(search.out)")
    let list = try ctry("subdivisions", "Canada", environment: missing)
    #expect(list.status != 0 && list.err.contains("subdivision table"), "\(list.err)")
  }
}
