import CountryModel
import CtryCommands
import CtryGrammar
import CtryShell
import CtryTestSupport
import Foundation
import Testing

@Suite struct CompleterTests {
  let completer = Completer(
    registry: BuiltinCommands.registry(), catalog: TestData.catalog, extraCommands: { ["eu"] })

  func candidates(_ line: String) -> [String] { completer.complete(line).candidates }

  @Test func commandsAndAliasesFirst() {
    #expect(candidates("de") == ["deal", "details"])
    #expect(candidates("").contains("search") && candidates("").contains("eu"))
    #expect(!candidates("").contains { $0.hasPrefix("_") }, "hidden commands are not offered")
    #expect(candidates("nosuch Egy").isEmpty)
  }

  /// Names in the shell's language come first; a name it does not start is found in English.
  @Test func namesInTheShellsLanguage() throws {
    let french = try #require(try CountryNames.bundled().names(in: "fr"))
    let local = completer.reading(TestData.catalog, favorites: [], names: french)
    #expect(local.complete("details Allem").candidates == ["Allemagne"])
    #expect(local.complete("details Germ").candidates == ["Germany"])
    #expect(local.complete("details DEU").candidates == ["Allemagne"])
    #expect(candidates("details Allem").isEmpty, "English offers no French name")
    #expect(local.complete("details Egypt --lang f").candidates.contains("fr"))
  }

  /// A flag closes a joined name: Tab after it completes nothing and replaces nothing.
  @Test func flagsAfterANameAreNeverReplaced() {
    for line in [
      "details Egypt --json ", "details Egypt --live ", "details Egypt --format csv ", "borders Egypt --depth 2 ",
      "details united kingdom --json ",
    ] {
      let completion = completer.complete(line)
      #expect(completion.replacement == nil, "\(line): \(completion)")
      #expect(completion.candidates.isEmpty, "\(line): \(completion.candidates)")
    }
    #expect(candidates("details --json Egy") == ["Egypt"], "a name after the flag still completes")
  }

  /// `run FILE` completes scripts: `.ctry` files and the directories on the way to them, nothing else.
  @Test func runOffersScriptsAndDirectoriesOnly() throws {
    let directory = TestPaths.temporaryDirectory()
    for file in ["trip.ctry", "notes.txt", "trip.ctry.bak"] {
      #expect(FileManager.default.createFile(atPath: "\(directory)/\(file)", contents: Data()))
    }
    try FileManager.default.createDirectory(atPath: "\(directory)/more", withIntermediateDirectories: false)
    #expect(candidates("run \(directory)/") == ["\(directory)/more/", "\(directory)/trip.ctry"])
    #expect(candidates("source \(directory)/t") == ["\(directory)/trip.ctry"])
  }

  @Test func favoritesAndSettings() {
    let withFavorites = Completer(
      registry: BuiltinCommands.registry(), catalog: TestData.catalog,
      favorites: ["JPN", "EGY"])
    #expect(withFavorites.complete("favorites remove ").candidates == ["Egypt", "Japan"])
    #expect(withFavorites.complete("favorites remove j").candidates == ["Japan"])
    #expect(withFavorites.complete("favorites add Japa").candidates == ["Japan"])
    #expect(withFavorites.complete("favorites add ").candidates.count == 250, "add offers every country")
    #expect(candidates("set ").contains("format") && candidates("set ").contains("on-error"))
    #expect(candidates("set format ") == ["table", "json", "csv", "plain"])
    #expect(candidates("set color o") == ["on", "off"])
    #expect(candidates("set on-error s") == ["stop"])
  }

  @Test func flagsAndFlagValues() {
    #expect(candidates("search --reg") == ["--region"])
    #expect(candidates("search --region E") == ["Europe"])
    #expect(candidates("search --region as") == ["Asia"], "case-insensitive")
    #expect(candidates("search --subregion 'northern e") == ["Northern Europe"])
    #expect(completer.complete("search --subregion north").replacement == "North", "several: their common prefix")
    #expect(candidates("search --sort p") == ["population"])
    #expect(candidates("search --sort -p") == ["-population"])
    #expect(candidates("search --columns na") == ["name", "native_name"])
    #expect(candidates("search --columns name,ar") == ["name,area"], "the keys before the comma stay")
    #expect(!candidates("search --columns name,").contains("name,name"), "a key chosen is not offered again")
    #expect(candidates("search --currency EU") == ["EUR"])
    #expect(candidates("search --language Arab").contains("Arabic"))
    #expect(candidates("details Egypt --format j") == ["json"])
  }

  /// `--flag=VALUE` binds, so it completes: the value after the `=` is replaced, the flag kept.
  @Test func attachedFlagValues() {
    let region = completer.complete("search --region=Eu")
    #expect(region.candidates == ["Europe"])
    #expect(region.replaceStart == "search --region=".count && region.typed == "Eu")
    #expect(region.replacement == "Europe ")
    #expect(candidates("search --sort=-p") == ["-population"])
    #expect(candidates("details Egypt --format=c") == ["csv"])
    #expect(completer.candidates(words: ["search", "--region=Eu"]) == ["Europe"])
    #expect(completer.shellCandidates(line: "search --region=Eu", current: "--region=Eu") == ["--region=Europe"])
    #expect(completer.shellCandidates(line: "search --region=Eu", current: "Eu") == ["Europe"])
  }

  @Test func countriesCaseAndDiacriticsInsensitive() {
    #expect(candidates("details Germ") == ["Germany"])
    #expect(candidates("details germ") == ["Germany"])
    #expect(candidates("details aland") == ["Åland Islands"])
    #expect(candidates("details cote") == ["Côte d'Ivoire"], "alternative names when no common name matches")
    let united = candidates("details united")
    #expect(Set(united).isSuperset(of: ["United Kingdom", "United States", "United Arab Emirates"]))
    #expect(candidates("borders DEU") == ["Germany"], "a code offers its country")
  }

  @Test func positionalsByKind() {
    #expect(candidates("favorites a") == ["add"])
    #expect(candidates("favorites add Jap") == ["Japan"])
    #expect(candidates("favorites add Egypt Jap") == ["Japan"])
    #expect(candidates("help sea") == ["search"])
    #expect(candidates("currencies EU").contains("EUR"))
    #expect(candidates("deal --seed ").isEmpty, "nothing to offer for numbers")
  }

  @Test func unquotedWordsOfOneNameAreCompletedTogether() {
    let completion = completer.complete("details united k")
    #expect(completion.candidates == ["United Kingdom"])
    #expect(completion.replaceStart == 8)
    #expect(completion.replacement == "'United Kingdom' ")
  }

  @Test func quotingTheReplacement() {
    #expect(completer.complete("details Germ").replacement == "Germany ")
    #expect(completer.complete("details cote").replacement == #""Côte d'Ivoire" "#)
    #expect(completer.complete("details united").replacement == "'United ", "common prefix, quote left open")
    let open = completer.complete("details 'United K")
    #expect(open.candidates == ["United Kingdom"] && open.replaceStart == 8)
    #expect(completer.complete("details 'United ").replacement == nil, "nothing more to add: list instead")
    #expect(completer.complete("details zzz").replacement == nil)
  }

  @Test func replacementsTokenizeBackToTheName() throws {
    for line in ["details cote", "details aland", "details united k", "details sao tome"] {
      let completion = completer.complete(line)
      let replacement = try #require(completion.replacement, "\(line)")
      let newLine = String(line.prefix(completion.replaceStart)) + replacement
      let words = try Tokenizer.tokenize(newLine)
      #expect(words.count == 2, "\(newLine)")
      #expect(TestData.catalog.country(code: "XX") == nil)
      if case .found = TestData.catalog.resolve(words[1]) {} else { Issue.record("\(words[1]) does not resolve") }
    }
  }

  @Test func shellScriptForm() {
    #expect(completer.candidates(words: ["details", "Germ"]) == ["Germany"])
    #expect(completer.candidates(words: ["search", "--region", "E"]) == ["Europe"])
    #expect(completer.candidates(words: ["det"]) == ["details"])
    #expect(completer.candidates(words: []).contains("search"))
  }

  @Test func columns() {
    let text = ColumnLayout.format(["a", "bb", "ccc", "dddd", "e"], width: 14)
    #expect(text == "a     dddd\nbb    e\nccc\n")
    #expect(ColumnLayout.format(["🇪🇬 x", "y"], width: 3) == "🇪🇬 x\ny\n")
  }
}
