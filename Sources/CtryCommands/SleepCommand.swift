import CountryKit
import CtryShell

/// `__sleep SECONDS` — a slow, cancellable command for the terminal tests (registered only when
/// `CTRY_TEST_COMMANDS=1`; hidden from help and completion).
package struct SleepCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "__sleep",
    summary: "Wait, for testing Ctrl-C",
    positionals: [Positional("SECONDS", .integer, "how long")],
    examples: [Example("__sleep 0", "return at once")])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    try await Task.sleep(for: .seconds(Int(arguments.positional(0) ?? "0") ?? 0))
    return .message("slept")
  }
}
