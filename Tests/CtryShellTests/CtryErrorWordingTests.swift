import CountryModel
import CountryNetwork
import CountryStorage
import CtrySystem
import CtryTestSupport
import Testing

@testable import CtryShell

/// The core throws what happened; the shell words the hint, naming its own commands.
@Suite struct CtryErrorWordingTests {
  @Test func anUnknownCountryIsWordedByWhatAnswers() throws {
    func hint(_ text: String) -> String? {
      do {
        _ = try TestData.catalog.require(text)
        return "resolved"
      } catch {
        #expect(!(error.hint ?? "").contains("search"), "the core names no command: \(error)")
        return error.worded.hint
      }
    }
    #expect(hint("swtzrlnd") == "did you mean 'Switzerland' or 'Eswatini'?")
    #expect(hint("qqqxv zzkw") == "try 'search' with part of the name, or 'search --capital CITY'")
    let searchable = CtryError(
      .notFound, "unknown country 'dom'", fact: UnknownCountry(query: "dom", suggestions: [], searchFinds: true))
    #expect(searchable.worded.hint == "try 'search dom'")
  }

  @Test func everyFactHasItsHint() {
    #expect(
      CtryError(.refused, "full", fact: StateProblem.favoritesFull(limit: 5)).worded.description
        == "full — remove one first with 'favorites remove COUNTRY'")
    #expect(
      CtryError(.notFound, "JPN is not among your favorites", fact: StateProblem.notAFavorite(code: "JPN")).worded
        .description
        == "JPN is not among your favorites — see 'favorites list'")
    #expect(
      CtryError(.io, "cannot use", fact: StateProblem.dataDirectoryUnusable(directory: "/x")).worded.hint
        == "make it writable, or choose another with XDG_DATA_HOME or --data-dir")
  }

  @Test func aHintTheCoreGaveIsKept() {
    let error = CtryError(.usage, "bad", hint: "its own", fact: StateProblem.notAFavorite(code: "EGY"))
    #expect(error.worded.hint == "its own")
  }
}
