import CtryShell

/// The built-in commands, in the order `help` lists them.
package enum BuiltinCommands {
  package static let all: [any Command] = [
    SearchCommand(), DetailsCommand(), CompareCommand(), BordersCommand(), MapCommand(), CurrenciesCommand(),
    FavoritesCommand(),
    HomeCommand(), DealCommand(), RefreshCommand(), StatusCommand(), HistoryCommand(), RunCommand(), SetCommand(),
    AliasCommand(), UnaliasCommand(), EchoCommand(), ClearCommand(), HelpCommand(), ExitCommand(),
  ]

  /// The registry of the built-in commands.
  package static func registry() -> CommandRegistry {
    CommandRegistry(all)
  }
}
