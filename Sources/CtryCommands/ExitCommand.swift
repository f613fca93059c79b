import CountryKit
import CtryShell

/// `exit` / `quit` — leave the shell.
public struct ExitCommand: Command {
  public init() {}

  public let spec = CommandSpec(
    name: "exit",
    aliases: ["quit"],
    summary: "Leave the shell",
    positionals: [Positional("STATUS", .integer, "the exit status (default 0)", optional: true)],
    examples: [Example("exit", "leave with status 0")])

  public func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let status = arguments.positional(0).flatMap { Int32($0) } ?? 0
    return CommandResult(.exit(status))
  }
}
