import CountryModel
import CtrySystem
import CtryTestSupport
import Testing

/// The bundled names in other languages (`Resources/names.tsv`, made by `Scripts/make-dataset`) and
/// their format.
@Suite struct CountryNamesTableTests {
  @Test func theBundledTableNamesEveryEntryInAboutOneHundredAndSixtyLanguages() throws {
    let table = try CountryNames.bundled()
    #expect((150...170).contains(table.languages.count), "\(table.languages.count)")
    #expect(!table.has("en"), "English is the data's own")
    let french = try #require(try table.names(in: "fr"))
    #expect(french.language == .init(code: "fr", name: "French"))
    #expect(french.name(of: "DEU") == "Allemagne")
    #expect(french.name(of: "UNK") == "Kosovo", "ctry's code for Kosovo (XK)")
    let japanese = try #require(try table.names(in: "ja"))
    #expect(japanese.name(of: "JPN") == "日本")
    let named = Set(french.all.map(\.cca3))
    #expect(TestData.countries.filter { !named.contains($0.cca3) }.isEmpty, "French names every entry")
    #expect(try table.names(in: "tlh") == nil)
  }

  @Test func oneLanguagesLineIsSplitAloneAndAMissingNameIsEnglish() throws {
    let table = try CountryNames(
      text:
        "# comment\n@codes\tDEU\tFRA\nde\tGerman\tDeutschland\tFrankreich\nxx\tBroken\tone\nfr\tFrench\tAllemagne\t\n")
    #expect(table.languages.map(\.code) == ["de", "fr", "xx"])
    let french = try #require(try table.names(in: "fr"))
    #expect(french.name(of: "FRA", else: "France") == "France")
    #expect(try table.names(in: "de")?.name(of: "FRA") == "Frankreich")
    #expect(throws: CtryError.self) { try table.names(in: "xx") }
  }

  @Test func aNameWithAControlCharacterIsLeftOut() throws {
    let table = try CountryNames(text: "@codes\tDEU\tFRA\nfr\tFrench\tAlle\u{1B}[2Jmagne\tFrance\n")
    let french = try #require(try table.names(in: "fr"))
    #expect(french.name(of: "DEU") == nil)
    #expect(french.name(of: "FRA") == "France")
  }

  @Test func badFilesAreRefused() {
    for text in [
      "", "# only a comment\n", "fr\tFrench\tAllemagne\n", "@codes\tDEU\nFR\tFrench\tAllemagne\n",
      "@codes\tDEU\nfr\n",
    ] {
      #expect(throws: CtryError.self, "\(text)") { try CountryNames(text: text) }
    }
  }
}
