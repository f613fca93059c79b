import CtryShell

/// The built-in commands, in the order `help` lists them.
public enum BuiltinCommands {
  public static let all: [any Command] = [
    SearchCommand(), DetailsCommand(), BordersCommand(), CurrenciesCommand(), FavoritesCommand(),
    HomeCommand(), DealCommand(), HelpCommand(), ExitCommand(),
  ]

  public static func registry() -> CommandRegistry {
    CommandRegistry(all)
  }
}
