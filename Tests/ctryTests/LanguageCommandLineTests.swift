import CtryTestSupport
import Foundation
import Testing

/// Country names in the user's language through the built binary: `--lang`, `set language` and the
/// locale, in that order over English; JSON and CSV keeping the English name; completion; and the
/// names file read only by a run in another language.
@Suite(.ownThread) struct LanguageCommandLineTests {
  let directory = TestPaths.preparedDirectory()

  func ctry(_ arguments: String..., environment: [String: String] = [:]) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(["--data-dir", directory] + arguments, environment: environment)
  }

  @Test func langNamesTheCardInThatLanguage() throws {
    let before = try ctry("--lang", "fr", "--format", "plain", "details", "Germany")
    #expect(before.status == 0 && before.err.isEmpty, "\(before.err)")
    #expect(before.out.hasPrefix("🇩🇪  Allemagne\n"), "\(before.out)")
    let after = try ctry("--format", "plain", "details", "Germany", "--lang", "ja")
    #expect(after.out.hasPrefix("🇩🇪  ドイツ\n"), "a command's own --lang: \(after.out)")
    let english = try ctry("--format", "plain", "details", "Germany")
    #expect(english.out.hasPrefix("🇩🇪  Germany\n"), "\(english.out)")
  }

  /// A name in the language shown is matched, even where the data's translations lack it.
  @Test func aNameInTheLanguageShownIsFound() throws {
    let swahili = try ctry("--lang", "sw", "--format", "plain", "borders", "Ujerumani")
    #expect(swahili.status == 0 && swahili.out.split(separator: "\n").contains("Ufaransa"), "\(swahili.err)")
    let english = try ctry("--format", "plain", "details", "Ujerumani")
    #expect(english.status == 1, "no translation of the data says Ujerumani: \(english.out)")
    // Commands that read several countries read them too, names of several words included.
    let route = try ctry("--lang", "sw", "--format", "plain", "route", "Ureno", "Ujerumani")
    #expect(route.out == "Ureno\nUhispania\nUfaransa\nUjerumani\n", "\(route.out)\(route.err)")
    // Every command that takes a country reads the language's names (`lookUp` takes them from each).
    let flag = try ctry("--lang", "sw", "--format", "plain", "flag", "Ujerumani")
    #expect(flag.out.hasPrefix("🇩🇪 Ujerumani: "), "\(flag.out)\(flag.err)")
    let subdivisions = try ctry("--lang", "sw", "--format", "plain", "subdivisions", "Ujerumani")
    #expect(subdivisions.status == 0 && subdivisions.out.contains("DE-BY"), "\(subdivisions.err)")
    let currencies = try ctry("--lang", "sw", "--format", "plain", "currencies", "Ujerumani")
    #expect(currencies.status == 0 && currencies.out.hasPrefix("EUR"), "\(currencies.err)")
    let compare = try ctry("--lang", "fr", "--format", "csv", "compare", "Allemagne", "Arabie", "saoudite")
    #expect(compare.status == 0 && compare.out.contains("Arabie saoudite"), "\(compare.out)\(compare.err)")
  }

  @Test func listsBordersAndCompareFollowTheLanguage() throws {
    let borders = try ctry("--lang", "fr", "--format", "plain", "borders", "Spain")
    #expect(borders.out.split(separator: "\n").contains("Maroc"), "\(borders.out)")
    let search = try ctry("--lang", "de", "--format", "plain", "search", "--capital", "Paris")
    #expect(search.out == "Frankreich\n", "\(search.out)")
    let compare = try ctry("--lang", "es", "--format", "plain", "compare", "Germany", "Japan")
    #expect(compare.out.contains("Alemania") && compare.out.contains("Japón"), "\(compare.out)")
  }

  @Test func theLocaleChoosesWhenNothingElseDoes() throws {
    let french = try ctry("--format", "plain", "details", "Germany", environment: ["LANG": "fr_FR.UTF-8"])
    #expect(french.status == 0 && french.out.hasPrefix("🇩🇪  Allemagne\n"), "\(french.out)\(french.err)")
    // LC_ALL wins over LANG, as for every program; C is English.
    let c = try ctry("--format", "plain", "details", "Germany", environment: ["LANG": "fr_FR.UTF-8", "LC_ALL": "C"])
    #expect(c.out.hasPrefix("🇩🇪  Germany\n"), "\(c.out)")
    // A locale whose language has no names is English, silently.
    let other = try ctry("--format", "plain", "details", "Germany", environment: ["LANG": "tlh_XX.UTF-8"])
    #expect(other.status == 0 && other.err.isEmpty && other.out.hasPrefix("🇩🇪  Germany\n"), "\(other.err)")
    // The flag wins over the locale.
    let flag = try ctry(
      "--lang", "it", "--format", "plain", "details", "Germany", environment: ["LANG": "fr_FR.UTF-8"])
    #expect(flag.out.hasPrefix("🇩🇪  Germania\n"), "\(flag.out)")
  }

  @Test func setLanguageIsKeptForTheSessionAndFromInitCtry() throws {
    let session = try ctry(
      "--format", "plain", "-c", "set language de", "-c", "details France", "-c", "details Spain --lang it",
      "-c", "set language", environment: ["LANG": "fr_FR.UTF-8"])
    #expect(session.status == 0, "\(session.err)")
    #expect(session.out.contains("🇫🇷  Frankreich\n"), "the setting wins over the locale: \(session.out)")
    #expect(session.out.contains("🇪🇸  Spagna\n"), "the line's flag wins over the setting: \(session.out)")
    #expect(session.out.hasSuffix("de\n"), "\(session.out)")
    try "set language de\n".write(toFile: directory + "/init.ctry", atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: directory + "/init.ctry") }
    let kept = try ctry("--format", "plain", "-c", "details France")
    #expect(kept.out.hasPrefix("🇫🇷  Frankreich\n"), "\(kept.out)\(kept.err)")
  }

  @Test func anUnknownCodeIsOneLineWithASuggestionAndExitTwo() throws {
    for words in [["--lang", "deu", "details", "Germany"], ["details", "Germany", "--lang", "fre"]] {
      let result = try ProcessRunner.ctry(["--data-dir", directory] + words)
      #expect(result.status == 2 && result.out.isEmpty, "\(words)")
      #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
      #expect(result.err.contains("did you mean"), "\(result.err)")
    }
    let byName = try ctry("-c", "set language French")
    #expect(
      byName.status == 2 && byName.err.contains("unknown language 'French' — did you mean 'fr'?"), "\(byName.err)")
  }

  @Test func jsonAndCSVKeepTheEnglishNameAndAddTheLocalOne() throws {
    let card = try ctry("--lang", "fr", "--json", "details", "Germany")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(card.out.utf8)) as? [String: Any])
    #expect((object["name"] as? [String: Any])?["common"] as? String == "Germany")
    #expect(object["local_name"] as? String == "Allemagne")
    let list = try ctry("--lang", "fr", "--format", "csv", "search", "--capital", "Berlin")
    #expect(list.out.hasPrefix("cca2,cca3,name,capital,region,population,local_name,flag\r\nDE,DEU,Germany,Berlin,"))
    #expect(list.out.hasSuffix(",Allemagne,🇩🇪\r\n"), "\(list.out)")
    let english = try ctry("--json", "details", "Germany")
    let plain = try #require(try JSONSerialization.jsonObject(with: Data(english.out.utf8)) as? [String: Any])
    #expect(plain["local_name"] == nil, "English adds nothing")
  }

  /// The names file costs nothing to a run in English: with it missing, `details` and `search`
  /// answer as ever, and a run in another language says what is missing.
  @Test func englishRunsDoNotReadTheNamesFile() throws {
    let missing = ["CTRY_NAMES": "/nonexistent/names.tsv"]
    let details = try ctry("--format", "plain", "details", "Germany", environment: missing)
    #expect(details.status == 0 && details.err.isEmpty && details.out.hasPrefix("🇩🇪  Germany\n"), "\(details.err)")
    let search = try ctry("--format", "plain", "search", "--capital", "Berlin", environment: missing)
    #expect(search.status == 0 && search.out == "Germany\n", "\(search.err)")
    let french = try ctry("--lang", "fr", "details", "Germany", environment: missing)
    #expect(french.status != 0 && french.err.contains("names in other languages"), "\(french.err)")
  }

  @Test func completionOffersNamesInTheLocalesLanguage() throws {
    let french = ["LANG": "fr_FR.UTF-8"]
    let words = try ctry("__complete", "details", "Allem", environment: french)
    #expect(words.status == 0 && words.out == "Allemagne\n", "\(words.out)")
    let bash = try ctry("__complete", "--shell", "bash", "--", "ctry details Allem", environment: french)
    #expect(bash.out == "Allemagne\n", "\(bash.out)")
    let english = try ctry("__complete", "details", "Germ")
    #expect(english.out == "Germany\n", "\(english.out)")
    let codes = try ctry("__complete", "--shell", "bash", "--", "ctry --lang f")
    #expect(codes.out.split(separator: "\n").contains("fr"), "\(codes.out)")
    let setting = try ctry("__complete", "set", "language", "j")
    #expect(setting.out.hasPrefix("ja\n"), "\(setting.out)")
  }
}
