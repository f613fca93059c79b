import CtryShell
import CtryTestSupport
import Testing

/// A line that sets the API key is judged on the words it runs as, so no spelling of it reaches
/// history or the echo of `set echo on`.
@Suite struct EngineSecretsTests {
  @Test(arguments: [
    "set api-key secret-123",
    "set  API-KEY secret-123",
    "set 'api-key' secret-123",
    "set\tapi-key secret-123",
    #"set api\-key secret-123"#,
    #"set a\p\i\-key secret-123"#,
    #"set "api"'-'key secret-123"#,
    "set --format plain api-key secret-123",
    "set api-key 'secret-123",
    "alias sk = set api-key secret-123",
    "alias sk=set api-key secret-123",
  ])
  func aSpellingOfTheKeySettingHoldsASecret(line: String) {
    #expect(TestShell().engine.holdsSecret(line))
  }

  @Test func anAliasOrAVariableThatNamesTheSettingHoldsASecret() async {
    let shell = TestShell()
    await shell.run("alias sk = set api-key")
    await shell.run("set which api-key")
    await shell.run("set part api")
    #expect(shell.engine.holdsSecret("sk secret-123"))
    #expect(shell.engine.holdsSecret("set ${which} secret-123"))
    #expect(shell.engine.holdsSecret("set ${part}-key secret-123"))
    #expect(shell.engine.echoed("sk secret-123", arguments: []) == "set api-key …")
    #expect(shell.engine.echoed("set ${which} secret-123", arguments: []) == "set api-key …")
  }

  @Test(arguments: ["set api https://example.org/v3.1", "details Egypt", "set format plain", "search --capital kiev"])
  func otherLinesHoldNone(line: String) {
    let shell = TestShell()
    #expect(!shell.engine.holdsSecret(line))
    #expect(shell.engine.echoed(line, arguments: []) == line)
  }

  @Test func theEchoStopsBeforeTheKey() {
    let engine = TestShell().engine
    #expect(engine.echoed(#"set api\-key secret-123"#, arguments: []) == "set api-key …")
    #expect(engine.echoed("alias sk = set api-key secret-123", arguments: []) == "alias sk = set api-key …")
    #expect(engine.echoed("set api https://user:pw@example.org/v3.1", arguments: []).contains("pw") == false)
    #expect(engine.echoed(#"set "api-key secret-123" x"#, arguments: []) == "set api-key …")
  }

  /// `$1` is the running script's argument: a script run with `api-key` as its argument sets the key.
  @Test func anArgumentThatNamesTheSettingHoldsASecret() {
    let engine = TestShell().engine
    #expect(engine.holdsSecret("set $1 secret-123", arguments: ["api-key"]))
    #expect(engine.echoed("set $1 secret-123", arguments: ["api-key"]) == "set api-key …")
    #expect(!engine.holdsSecret("set $1 secret-123", arguments: ["capital"]))
  }

  /// An error in the line quotes only the part it is about, not a key typed before it.
  @Test func anUnterminatedVariableQuotesOnlyItself() async {
    let result = await TestShell().run("set api-key secret-123 ${x")
    #expect(result.status == 2 && result.err == "unterminated ${ in '${x' — write ${NAME}\n", "\(result.err)")
  }
}
