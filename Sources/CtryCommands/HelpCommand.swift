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
      if let command = registry.command(named: name) {
        let spec = command.spec
        let row = Self.row(spec.name, "command", spec.summary, aliases: spec.aliases, usage: spec.usage)
        return CommandResult(.document(HelpText.full(spec), Self.table([row])))
      }
      if let definition = context.session.settings.aliases[name] {
        let expansion = definition.map(Tokenizer.quote).joined(separator: " ")
        return CommandResult(
          .document("\(name) is an alias for: \(expansion)", Self.table([Self.row(name, "alias", expansion)])))
      }
      if let plugin = context.plugins.locate(name) {
        let spec = PluginRunner.spec(plugin.path)
        let summary = spec?.summary ?? "external command"
        let text = ["\(name) — \(summary) (\(plugin.path))", spec?.usage.map { "Usage: \($0)" }]
        let row = Self.row(name, "plugin", summary, usage: spec?.usage ?? "")
        return CommandResult(.document(text.compactMap { $0 }.joined(separator: "\n"), Self.table([row])))
      }
      throw registry.unknownCommand(name)
    }
    let specs = registry.commands.map(\.spec).filter { !$0.name.hasPrefix("_") }
    let width = (specs.map { $0.name.count }.max() ?? 0) + 2
    var lines = ["ctry — explore the world's countries", "", "Commands:"]
    var rows: [[Cell]] = []
    for spec in specs {
      lines.append("  " + spec.name.padded(to: width) + spec.summary)
      rows.append(Self.row(spec.name, "command", spec.summary, aliases: spec.aliases, usage: spec.usage))
    }
    let aliases = context.session.settings.aliases
    if !aliases.isEmpty {
      lines += ["", "Aliases:"]
      for name in aliases.keys.sorted() {
        let definition = (aliases[name] ?? []).map(Tokenizer.quote).joined(separator: " ")
        lines.append(
          "  " + name.padded(to: max(width, name.count + 2)) + definition)
        rows.append(Self.row(name, "alias", definition))
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
        rows.append(Self.row(name, "plugin", summary))
      }
    }
    lines += [
      "",
      "Output flags for every command but \(Self.listed(specs.filter { !$0.printsData }.map(\.name))): "
        + HelpText.outputFlags,
      "Type 'help COMMAND' or 'COMMAND --help' for a command's flags and examples.",
    ]
    return CommandResult(.document(lines.joined(separator: "\n"), Self.table(rows)))
  }

  /// `echo, clear and exit`.
  private static func listed(_ names: [String]) -> String {
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }

  /// What `help --json` gives: one object per command, alias or plugin.
  private static func table(_ rows: [[Cell]]) -> Table {
    Table(
      title: "Commands",
      columns: [
        .init("name", "Name"), .init("kind", "Kind"), .init("summary", "Summary"), .init("aliases", "Aliases"),
        .init("usage", "Usage"),
      ],
      rows: rows)
  }

  private static func row(
    _ name: String, _ kind: String, _ summary: String, aliases: [String] = [], usage: String = ""
  ) -> [Cell] {
    [.text(name), .text(kind), .text(summary), .text(aliases.joined(separator: ", ")), .text(usage)]
  }
}
