import CtryShell
import CtrySystem
import Testing

@Suite struct TokenizerTests {
  @Test(arguments: [
    ("details Egypt", ["details", "Egypt"]),
    ("  search   --region  Europe ", ["search", "--region", "Europe"]),
    ("details 'United Kingdom'", ["details", "United Kingdom"]),
    (#"details "Côte d'Ivoire""#, ["details", "Côte d'Ivoire"]),
    (#"details Côte\ d\'Ivoire"#, ["details", "Côte d'Ivoire"]),
    (#"echo "a \"b\" c""#, ["echo", #"a "b" c"#]),
    ("search x # a comment", ["search", "x"]),
    ("search a#b", ["search", "a#b"]),
    ("details ''", ["details", ""]),
    ("", []),
  ])
  func splits(_ line: String, _ words: [String]) throws {
    #expect(try Tokenizer.tokenize(line) == words)
  }

  @Test func unterminatedQuoteIsAUsageError() {
    #expect(throws: CtryError.self) { try Tokenizer.tokenize("details 'Egypt") }
    do {
      _ = try Tokenizer.tokenize("details \"Egypt")
    } catch {
      #expect(error.exitCode == 2)
    }
  }

  @Test func lenientScanReportsTheOpenWord() {
    let scan = Tokenizer.scan("details 'Côte d")
    #expect(scan.openQuote == "'")
    #expect(scan.tokens.last?.value == "Côte d")
    #expect(scan.tokens.last?.start == 8)
    #expect(Tokenizer.scan("details ").endsInSpace)
    #expect(!Tokenizer.scan("details").endsInSpace)
  }

  @Test(arguments: ["Egypt", "United Kingdom", "Côte d'Ivoire", "a\"b", "x#y", "back\\slash", ""])
  func quotingRoundTrips(_ word: String) throws {
    #expect(try Tokenizer.tokenize("cmd " + Tokenizer.quote(word)) == ["cmd", word])
  }
}
