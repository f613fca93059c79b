import CtrySystem
import CtryTestSupport
import Testing

@Suite struct ResolutionTests {
  let catalog = TestData.catalog

  func resolved(_ text: String) -> String? {
    if case .found(let country, _) = catalog.resolve(text) { return country.cca3 }
    return nil
  }

  @Test(arguments: [
    ("Egypt", "EGY"), ("eg", "EGY"), ("EGY", "EGY"), ("818", "EGY"),
    ("germ", "DEU"), ("Federal Republic of Germany", "DEU"), ("Deutschland", "DEU"),
    ("united kingdom", "GBR"), ("cote d'ivoire", "CIV"), ("aland", "ALA"), ("Kosovo", "UNK"),
  ])
  func resolves(_ text: String, _ code: String) {
    #expect(resolved(text) == code)
  }

  @Test func ambiguousNamesListTheCandidates() {
    guard case .ambiguous(let candidates) = catalog.resolve("united") else {
      Issue.record("'united' should be ambiguous")
      return
    }
    let codes = Set(candidates.map(\.cca3))
    #expect(codes.isSuperset(of: ["GBR", "USA", "ARE"]))
  }

  @Test func unknownNamesSuggestCloseOnes() throws {
    guard case .notFound(let suggestions) = catalog.resolve("Grmny") else {
      Issue.record("a name two edits away is suggested, not taken")
      return
    }
    #expect(suggestions.first?.cca3 == "DEU")
    #expect(throws: CtryError.self) { try catalog.require("Atlantis") }
    do {
      _ = try catalog.require("Grmny")
    } catch {
      #expect(error.description == "unknown country 'Grmny' — did you mean 'Germany'?")
      #expect(error.exitCode == 1)
    }
  }
}
