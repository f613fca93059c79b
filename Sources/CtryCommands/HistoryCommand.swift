import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `history [N]` — the last N command lines, numbered.
package struct HistoryCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "history",
    summary: "List the command lines you typed, numbered (Up and Ctrl-R recall them)",
    discussion: "History is kept in the history file of ctry's state directory, at most 1000 lines.",
    positionals: [Positional("N", .integer, "show only the last N lines", optional: true)],
    examples: [Example("history", "every remembered line"), Example("history 5", "the last five")])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    var entries = context.history.entries
    if entries.isEmpty { entries = context.history.load() }
    let count = arguments.positional(0).flatMap { Int($0) } ?? entries.count
    guard count >= 0 else { throw CtryError.usage("history needs a count of 0 or more, got \(count)") }
    let first = max(0, entries.count - count)
    let table = Table(
      columns: [.init("number", "#", alignRight: true), .init("command", "Command")],
      rows: entries.enumerated().dropFirst(first).map { [.integer($0.offset + 1), .text($0.element)] },
      plainColumns: [0, 1])
    return CommandResult(.table(table, empty: "No history yet."))
  }
}
