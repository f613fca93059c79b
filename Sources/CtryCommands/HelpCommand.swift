import CountryKit
import CtryShell
import Foundation

/// `help [COMMAND]` — the command list, or one command's usage, flags and examples.
public struct HelpCommand: Command {
  public init() {}

  public let spec = CommandSpec(
    name: "help",
    aliases: ["?"],
    summary: "List the commands, or show one command's usage and examples",
    positionals: [Positional("COMMAND", .command, "the command to explain", optional: true)],
    examples: [
      Example("help", "every command"),
      Example("help search", "search's flags and examples"),
    ])

  public func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let registry = context.registry
    if let name = arguments.positional(0) {
      guard let command = registry.command(named: name) else { throw registry.unknownCommand(name) }
      return CommandResult(.text(HelpText.full(command.spec)))
    }
    let specs = registry.commands.map(\.spec).filter { !$0.name.hasPrefix("_") }
    let width = (specs.map { $0.name.count }.max() ?? 0) + 2
    var lines = ["ctry — explore the world's countries", "", "Commands:"]
    for spec in specs {
      lines.append("  " + spec.name.padding(toLength: width, withPad: " ", startingAt: 0) + spec.summary)
    }
    lines += [
      "",
      "Output flags for any command: --format table|json|csv|plain, --json, --no-color",
      "Type 'help COMMAND' or 'COMMAND --help' for a command's flags and examples.",
    ]
    return CommandResult(.text(lines.joined(separator: "\n")))
  }
}
