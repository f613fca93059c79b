import CtryGrammar
import CtryShell
import CtrySystem
import Testing

@Suite struct ExpansionTests {
  func expand(
    _ line: String, _ arguments: [String] = ["New Zealand", "Peru"], _ variables: [String: String] = ["cap": "Oslo"]
  )
    throws -> [String]
  {
    try Tokenizer.tokenize(try Expansion.expand(line, arguments: arguments, variables: variables))
  }

  @Test func argumentsStayOneWordEach() throws {
    #expect(try expand("details $1") == ["details", "New Zealand"])
    #expect(try expand("favorites add $@") == ["favorites", "add", "New Zealand", "Peru"])
    #expect(try expand("echo $# args") == ["echo", "2", "args"])
    #expect(try expand("echo $3") == ["echo", ""], "a missing argument is empty")
  }

  @Test func variablesAndQuotes() throws {
    #expect(try expand("search --capital ${cap}") == ["search", "--capital", "Oslo"])
    #expect(try expand("echo \"to ${cap} and $1\"") == ["echo", "to Oslo and New Zealand"])
    #expect(try expand("echo '$1 ${cap}'") == ["echo", "$1 ${cap}"], "single quotes keep it literal")
    #expect(try expand("echo \\$1") == ["echo", "$1"], "an escaped dollar is literal")
    #expect(try expand("search --currency $") == ["search", "--currency", "$"])
  }

  @Test func unknownVariablesAreUsageErrors() {
    #expect(throws: CtryError.self) { try expand("echo ${nope}") }
    #expect(throws: CtryError.self) { try expand("echo ${cap") }
  }
}
