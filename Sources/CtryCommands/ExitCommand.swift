import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `exit` / `quit` — leave the shell.
package struct ExitCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "exit",
    aliases: ["quit"],
    summary: "Leave the shell",
    positionals: [Positional("STATUS", .integer, "the exit status (default 0)", optional: true)],
    examples: [Example("exit", "leave with status 0")], printsData: false)

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    guard let text = arguments.positional(0) else { return CommandResult(.exit(0)) }
    // An exit status is one byte: 256 would wrap to 0 and read as success.
    guard let status = Int32(text), (0...255).contains(status) else {
      throw CtryError.usage("exit status must be from 0 to 255, got \(EchoedInput.shortened(text))")
    }
    return CommandResult(.exit(status))
  }
}
