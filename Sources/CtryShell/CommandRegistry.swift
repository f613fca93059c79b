import CountryKit

/// The table of commands: one dispatch point for the shell, `help`, completion and the example tests.
package final class CommandRegistry: Sendable {
  /// The commands in the order `help` lists them.
  package let commands: [any Command]
  private let index: [String: Int]
  /// Every name and alias, sorted.
  package let names: [String]

  package init(_ commands: [any Command]) {
    self.commands = commands
    var index: [String: Int] = [:]
    for (position, command) in commands.enumerated() {
      for name in [command.spec.name] + command.spec.aliases where index[name] == nil {
        index[name] = position
      }
    }
    self.index = index
    names = index.keys.sorted()
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
