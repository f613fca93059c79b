import CtryGrammar
import CtryOutput
import CtryShell

/// `echo TEXT…` — print text (scripts use it for headings).
package struct EchoCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "echo",
    summary: "Print text, with ${NAME} variables and script arguments expanded",
    positionals: [Positional("TEXT", .text, "what to print", optional: true, variadic: true)],
    examples: [Example("echo Neighbours of Egypt:", "print a heading")],
    passesWordsThrough: true, printsData: false)

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    CommandResult(.text(arguments.positionals.joined(separator: " ")))
  }
}
