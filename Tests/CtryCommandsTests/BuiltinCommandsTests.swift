import CtryCommands
import CtryShell
import Testing

/// The built-in command table passes every check of `CommandRegistry.check`, so a release binary,
/// which builds its registry without them, never starts with a table it could not serve.
@Suite struct BuiltinCommandsTests {
  @Test func theTablePassesTheRegistrysChecks() {
    #expect(throws: Never.self) { try CommandRegistry.check(BuiltinCommands.all) }
  }
}
