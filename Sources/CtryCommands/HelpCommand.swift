import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import FoundationEssentials

/// `help [COMMAND]` — the command list, or one command's usage, flags and examples.
package struct HelpCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "help",
    aliases: ["?"],
    summary: "List the commands, or show one command's usage and examples",
    positionals: [Positional("COMMAND", .command, "the command to explain", optional: true)],
    examples: [
      Example("help", "every command"),
      Example("help search", "search's flags and examples"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let registry = context.registry
    if let name = arguments.positional(0) {
      if let command = registry.command(named: name) { return CommandResult(.text(HelpText.full(command.spec))) }
      if let definition = context.session.settings.aliases[name] {
        return CommandResult(
          .text("\(name) is an alias for: \(definition.map(Tokenizer.quote).joined(separator: " "))"))
      }
      if let plugin = context.plugins.locate(name) {
        let spec = PluginRunner.spec(plugin.path)
        let text = [
          "\(name) — \(spec?.summary ?? "external command") (\(plugin.path))", spec?.usage.map { "Usage: \($0)" },
        ]
        return CommandResult(.text(text.compactMap { $0 }.joined(separator: "\n")))
      }
      throw registry.unknownCommand(name)
    }
    let specs = registry.commands.map(\.spec).filter { !$0.name.hasPrefix("_") }
    let width = (specs.map { $0.name.count }.max() ?? 0) + 2
    var lines = ["ctry — explore the world's countries", "", "Commands:"]
    for spec in specs {
      lines.append("  " + spec.name.padded(to: width) + spec.summary)
    }
    let aliases = context.session.settings.aliases
    if !aliases.isEmpty {
      lines += ["", "Aliases:"]
      for name in aliases.keys.sorted() {
        let definition = (aliases[name] ?? []).map(Tokenizer.quote).joined(separator: " ")
        lines.append(
          "  " + name.padded(to: max(width, name.count + 2)) + definition)
      }
    }
    let plugins = context.plugins.names()
    if !plugins.isEmpty {
      lines += ["", "Plugins (ctry-NAME on PATH):"]
      for name in plugins {
        var summary = "external command"
        if let builtin = context.registry.command(named: name) {
          // A built-in name or alias always wins: say so rather than list a plugin that never runs.
          summary = "never run: the built-in '\(builtin.spec.name)' has this name"
        } else if let path = context.plugins.locate(name)?.path, let spec = PluginRunner.spec(path),
          let text = spec.summary
        {
          summary = text
        }
        lines.append("  " + name.padded(to: max(width, name.count + 2)) + summary)
      }
    }
    lines += [
      "",
      "Output flags for any command: --format table|json|csv|plain, --json, --no-color",
      "Type 'help COMMAND' or 'COMMAND --help' for a command's flags and examples.",
    ]
    return CommandResult(.text(lines.joined(separator: "\n")))
  }
}
