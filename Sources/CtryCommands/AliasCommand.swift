import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `alias [NAME [= COMMAND ARGS…]]` — name a command line, show one alias, or list them.
package struct AliasCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "alias",
    summary: "Define a command of your own, show one, or list them: alias eu = search --region Europe",
    discussion: """
      COMMAND is a built-in command, another alias or a plugin (ctry-NAME on PATH); an alias cannot shadow a \
      built-in command. Put aliases in init.ctry to keep them.
      """,
    positionals: [
      Positional("NAME", .text, "the new command's name", optional: true),
      Positional("DEFINITION", .text, "= COMMAND ARGS…", optional: true, variadic: true),
    ],
    examples: [
      Example("alias eu = search --region Europe --sort population", "define 'eu'"),
      Example("alias eu", "show what 'eu' stands for"),
      Example("alias", "list the aliases"),
    ],
    passesWordsThrough: true)

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    var words = arguments.positionals
    guard !words.isEmpty else { return list(context) }
    // Accept `alias eu=search …` as well as `alias eu = search …`.
    if words[0].contains("="), let equals = words[0].firstIndex(of: "=") {
      let name = String(words[0][..<equals])
      let rest = String(words[0][words[0].index(after: equals)...])
      words = [name, "="] + (rest.isEmpty ? [] : [rest]) + words.dropFirst()
    }
    let name = words[0]
    guard words.count >= 3, words[1] == "=" else {
      guard words.count == 1 else {
        throw CtryError.usage("usage: alias NAME = COMMAND ARGS…", hint: "e.g. alias eu = search --region Europe")
      }
      return try show(name, context)
    }
    guard SetCommand.isVariableName(name.replacing("-", with: "_")) else {
      throw CtryError.usage(
        "'\(EchoedInput.shortened(name))' is not a valid alias name", hint: "use letters, digits, - and _")
    }
    if context.registry.command(named: name) != nil {
      throw CtryError.refused("'\(name)' is a built-in command; an alias cannot shadow it")
    }
    try checkTarget(words[2], of: name, context)
    try context.session.update { settings throws(CtryError) in
      try settings.setAlias(name, to: Array(words.dropFirst(2)))
    }
    return CommandResult(.none)
  }

  /// An alias stands for a command: a built-in one, another alias, or a plugin (`ctry-NAME` on PATH).
  /// Anything else is refused when the alias is defined, not when it is first used; an alias of
  /// itself is a loop.
  private func checkTarget(_ target: String, of name: String, _ context: CommandContext) throws(CtryError) {
    let aliases = context.session.settings.aliases
    if target == name {
      throw CtryError.usage(
        "alias \(EchoedInput.shortened(name)) would stand for itself", hint: "name a command after '='")
    }
    if context.registry.command(named: target) != nil || aliases[target] != nil
      || context.plugins.locate(target) != nil
    {
      return
    }
    let unknown = context.registry.unknownCommand(target, alsoKnown: Array(aliases.keys) + context.plugins.names())
    throw CtryError.usage(
      "alias \(EchoedInput.shortened(name)): \(unknown.message)", hint: unknown.hint)
  }

  /// `alias NAME`: that alias's definition, as `alias` would define it again.
  private func show(_ name: String, _ context: CommandContext) throws(CtryError) -> CommandResult {
    if let definition = context.session.settings.aliases[name] {
      return CommandResult(.text("alias \(name) = \(definition.map(Tokenizer.quote).joined(separator: " "))"))
    }
    if context.registry.command(named: name) != nil {
      throw CtryError.notFound(
        "'\(EchoedInput.shortened(name))' is a built-in command, not an alias", hint: "see 'help \(name)'")
    }
    throw CtryError.notFound(
      "no alias '\(EchoedInput.shortened(name))'", hint: "'alias' lists them; define one with 'alias NAME = COMMAND'")
  }

  private func list(_ context: CommandContext) -> CommandResult {
    let aliases = context.session.settings.aliases
    let rows: [[Cell]] = aliases.keys.sorted().map { name in
      [.text(name), .text((aliases[name] ?? []).map(Tokenizer.quote).joined(separator: " "))]
    }
    return CommandResult(
      .table(
        Table(columns: [.init("alias", "Alias"), .init("command", "Command")], rows: rows, plainColumns: [0, 1]),
        empty: "No aliases. Define one: alias eu = search --region Europe"))
  }
}

/// `unalias NAME`
package struct UnaliasCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "unalias",
    summary: "Remove an alias",
    positionals: [Positional("NAME", .command, "the alias")],
    examples: [
      Example("alias eu = search --region Europe", "first an alias…"),
      Example("unalias eu", "…then it is gone"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let name = arguments.positional(0) ?? ""
    guard context.session.update({ $0.removeAlias(name) }) != nil else {
      throw CtryError.notFound("no alias '\(EchoedInput.shortened(name))'", hint: "see 'alias'")
    }
    return CommandResult(.none)
  }
}
