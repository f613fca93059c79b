import CtryShell

/// The built-in commands, in the order `help` lists them.
package enum BuiltinCommands {
  package static let all: [any Command] = [
    SearchCommand(), DetailsCommand(), CompareCommand(), BordersCommand(), MapCommand(), CurrenciesCommand(),
    FavoritesCommand(),
    HomeCommand(), DealCommand(), RefreshCommand(), StatusCommand(), HistoryCommand(), RunCommand(), SetCommand(),
    AliasCommand(), UnaliasCommand(), EchoCommand(), ClearCommand(), HelpCommand(), ExitCommand(),
  ]

  /// The registry; `testCommands` adds hidden commands the terminal tests drive (`__sleep`).
  package static func registry(testCommands: Bool = false) -> CommandRegistry {
    CommandRegistry(testCommands ? all + [SleepCommand()] : all)
  }
}
