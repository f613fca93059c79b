import CtryGrammar
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

  /// The grammar's characters are bytes: a space, a quote or a backslash next to a combining mark or
  /// in a CRLF still does its job, and the offsets the line editor gets are still in Characters.
  @Test func grammarCharactersAreBytesAndOffsetsCharacters() throws {
    #expect(try Tokenizer.tokenize("echo a \u{301}b") == ["echo", "a", "\u{301}b"])
    #expect(try Tokenizer.tokenize("echo 'x'\u{301}") == ["echo", "x\u{301}"])
    #expect(try Tokenizer.tokenize("echo a\r\nb") == ["echo", "a", "b"])
    #expect(try Tokenizer.tokenize("echo \\é x") == ["echo", "é", "x"])
    let scan = Tokenizer.scan("détails 'Côte d")
    #expect(scan.tokens.map(\.start) == [0, 8])
    #expect(scan.tokens.map(\.end) == [7, 15])
    #expect(Tokenizer.scan("🇪🇬 x").tokens.map(\.start) == [0, 2])
  }

  @Test(arguments: ["Egypt", "United Kingdom", "Côte d'Ivoire", "a\"b", "x#y", "back\\slash", ""])
  func quotingRoundTrips(_ word: String) throws {
    #expect(try Tokenizer.tokenize("cmd " + Tokenizer.quote(word)) == ["cmd", word])
  }
}
