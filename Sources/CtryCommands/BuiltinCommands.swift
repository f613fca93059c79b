import CtryShell

/// The built-in commands, in the order `help` lists them.
package enum BuiltinCommands {
  package static let all: [any Command] = [
    SearchCommand(), DetailsCommand(), CompareCommand(), BordersCommand(), RouteCommand(), MapCommand(), FlagCommand(),
    CurrenciesCommand(), TimeCommand(), HolidaysCommand(), SubdivisionsCommand(),
    FavoritesCommand(),
    HomeCommand(), DealCommand(), QuizCommand(), RefreshCommand(), StatusCommand(), HistoryCommand(), RunCommand(),
    SetCommand(),
    AliasCommand(), UnaliasCommand(), EchoCommand(), ClearCommand(), HelpCommand(), ExitCommand(),
  ]

  /// The registry of the built-in commands. The table is ctry's own, never input: a mistake in it
  /// (`CommandRegistry.Invalid`) is a bug that `BuiltinCommandsTests` meets first, through
  /// `CommandRegistry.check`.
  package static func registry() -> CommandRegistry {
    do {
      return try CommandRegistry(all)
    } catch {
      preconditionFailure("the built-in command table: \(error)")
    }
  }
}
