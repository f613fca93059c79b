import CountryModel
import CtryGrammar
import CtrySystem

/// The table of commands: one dispatch point for the shell, `help`, completion and the example tests.
package final class CommandRegistry: Sendable {
  /// The commands in the order `help` lists them.
  package let commands: [any Command]
  private let index: [String: Int]
  /// Every name and alias, sorted.
  package let names: [String]

  /// The registry, once no name or alias is taken twice (across commands). The specs themselves are
  /// checked by `check(_:)`, which a test runs over the built-in commands, so no start pays for it.
  package init(_ commands: [any Command]) throws(Invalid) {
    self.commands = commands
    var index: [String: Int] = [:]
    for (position, command) in commands.enumerated() {
      let spec = command.spec
      for name in [spec.name] + spec.aliases {
        if let other = index[name] {
          throw Invalid("'\(name)' names both \(commands[other].spec.name) and \(spec.name)")
        }
        index[name] = position
      }
    }
    self.index = index
    names = index.keys.sorted()
  }

  /// Why a registry could not be built: a mistake in the command table, not in anything typed.
  package struct Invalid: Error, CustomStringConvertible, Equatable {
    package var description: String
    package init(_ description: String) { self.description = description }
  }

  /// Refuses a command table with a mistake in it: a name or alias taken twice (across commands),
  /// a flag name or letter twice in a command (its global flags included), positionals in an order
  /// the binder cannot fill (anything after one that is optional or takes the rest), or flags made
  /// from another type than the one the command reads them with.
  package static func check(_ commands: [any Command]) throws(Invalid) {
    _ = try CommandRegistry(commands)
    for command in commands { try validate(command.spec, flagGroup: flagGroup(of: command)) }
  }

  private static func flagGroup<C: Command>(of command: C) -> ObjectIdentifier { ObjectIdentifier(C.Flags.self) }

  private static func validate(_ spec: CommandSpec, flagGroup: ObjectIdentifier) throws(Invalid) {
    guard spec.flagGroup == flagGroup else {
      throw Invalid("\(spec.name)'s spec lists another type's flags than the ones it reads")
    }
    var flagNames: Set<String> = []
    var letters: Set<Character> = []
    for flag in spec.scanner.flags {
      guard flagNames.insert(flag.name).inserted else { throw Invalid("\(spec.name) declares --\(flag.name) twice") }
      if let letter = flag.short, !letters.insert(letter).inserted {
        throw Invalid("\(spec.name) declares -\(letter) twice")
      }
    }
    for (position, positional) in spec.positionals.enumerated().dropLast()
    where positional.optional || positional.variadic || positional.joinsWords {
      let next = spec.positionals[position + 1]
      guard positional.optional, !positional.variadic, !positional.joinsWords, next.optional else {
        throw Invalid("\(spec.name): \(next.name) can never be reached after \(positional.name)")
      }
    }
  }

  /// The command called `name` or one of its aliases.
  package func command(named name: String) -> (any Command)? {
    index[name].map { commands[$0] }
  }

  /// `unknown command 'serch' — did you mean 'search'?`; `alsoKnown` adds aliases and plugins. Only
  /// names that start with a letter are offered: `?` is help's shorthand, not a word to steer towards.
  package func unknownCommand(_ name: String, alsoKnown: [String] = []) -> CtryError {
    guard !name.isEmpty else {
      return CtryError.usage("a command is needed, not an empty word", hint: "type 'help' to see the commands")
    }
    let words = (names + alsoKnown).filter { $0.first?.isLetter == true }
    if let close = Suggest.closest(to: name, among: words), close != name {
      return CtryError.usage("unknown command '\(EchoedInput.shortened(name))'", hint: Suggest.hint([close]))
    }
    return CtryError.usage("unknown command '\(EchoedInput.shortened(name))'", hint: "type 'help' to see the commands")
  }
}
