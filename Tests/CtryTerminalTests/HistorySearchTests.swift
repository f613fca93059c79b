import CtryTerminal
import Testing

@Suite struct HistorySearchTests {
  let history = ["details Japan", "search --capital oslo", "details Peru", "details Japan --json", "borders Peru"]

  func typing(_ text: String, into search: inout HistorySearch) {
    for scalar in text.unicodeScalars { #expect(search.handle(scalar) == .searching) }
  }

  @Test func findsTheNewestLineHoldingTheTextInAnyCase() {
    var search = HistorySearch(history: history, line: "det", cursor: 3)
    #expect(search.prompt == "(reverse-i-search)`': ")
    #expect(search.line == "det" && search.cursor == 3)
    typing("JAP", into: &search)
    #expect(search.line == "details Japan --json")
    #expect(search.cursor == 8)
    #expect(search.prompt == "(reverse-i-search)`JAP': ")
  }

  @Test func ctrlRFindsOlderLinesAndStaysOnTheOldestFound() {
    var search = HistorySearch(history: history, line: "", cursor: 0)
    typing("peru", into: &search)
    #expect(search.line == "borders Peru")
    #expect(search.handle("\u{12}") == .searching)
    #expect(search.line == "details Peru")
    #expect(search.handle("\u{12}") == .searching)
    #expect(search.line == "details Peru", "no older line holds it")
    #expect(search.prompt == "(failed reverse-i-search)`peru': ")
  }

  @Test func aLineTheSameAsTheOneShownIsSkipped() {
    var search = HistorySearch(history: ["details Peru", "status", "details Peru"], line: "", cursor: 0)
    typing("peru", into: &search)
    #expect(search.handle("\u{12}") == .searching)
    #expect(search.prompt.hasPrefix("(failed"), "the older copy is the same line")
  }

  @Test func textNoLineHoldsKeepsTheLineFoundAndSaysSo() {
    var search = HistorySearch(history: history, line: "", cursor: 0)
    typing("oslo", into: &search)
    typing("x", into: &search)
    #expect(search.line == "search --capital oslo")
    #expect(search.prompt == "(failed reverse-i-search)`oslox': ")
    #expect(search.handle("\u{7F}") == .searching)
    #expect(search.prompt == "(reverse-i-search)`oslo': ")
  }

  @Test func ctrlGGivesTheLineBackAndOtherKeysPassOn() {
    var search = HistorySearch(history: history, line: "det", cursor: 1)
    typing("json", into: &search)
    #expect(search.handle("\u{7}") == .finished(passOn: nil))
    #expect(search.line == "det" && search.cursor == 1)

    var accepted = HistorySearch(history: history, line: "", cursor: 0)
    typing("json", into: &accepted)
    #expect(accepted.handle("\r") == .finished(passOn: "\r"))
    #expect(accepted.line == "details Japan --json")
    var moved = HistorySearch(history: history, line: "", cursor: 0)
    #expect(moved.handle("\u{1B}") == .finished(passOn: "\u{1B}"))
    #expect(moved.handle("\t") == .finished(passOn: "\t"))
  }

  @Test func charactersOfAnyKindAreSearchedForAsThemselves() {
    var search = HistorySearch(history: ["details Côte d'Ivoire", "details 日本"], line: "", cursor: 0)
    typing("CÔTE", into: &search)
    #expect(search.line == "details Côte d'Ivoire" && search.cursor == 8)
    var wide = HistorySearch(history: ["details Côte d'Ivoire", "details 日本"], line: "", cursor: 0)
    typing("本", into: &wide)
    #expect(wide.line == "details 日本" && wide.cursor == 9)
    var pattern = HistorySearch(history: ["a.*b", "aXXb"], line: "", cursor: 0)
    typing(".*", into: &pattern)
    #expect(pattern.line == "a.*b", "no pattern language: .* is two characters")
  }
}
