import CtryGrammar
import CtryOutput
import CtryShell

/// `clear` — clear the terminal's screen, as the shell's `clear` does.
package struct ClearCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "clear",
    summary: "Clear the screen",
    discussion: "Only on a terminal: with output to a file or a pipe it does nothing. Ctrl-L does it while typing.",
    examples: [Example("clear", "an empty screen with the prompt at the top")], printsData: false)

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    var result = CommandResult(.none)
    result.clearsScreen = true
    return result
  }
}
