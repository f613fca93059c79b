import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `run FILE [ARGS…]` (alias `source`) — run a .ctry script.
package struct RunCommand: Command {
  package init() {}

  package let spec = CommandSpec(
    name: "run",
    aliases: ["source"],
    summary: "Run a .ctry script: one command per line, with $1… for its arguments",
    discussion: """
      Inside a script a relative FILE is found next to the calling script. Errors name FILE:LINE; by \
      default the script stops at the first one ('set on-error continue' runs on). Scripts never read \
      the terminal: confirmations need --yes.
      """,
    positionals: [
      Positional("FILE", .script, "the script"),
      Positional("ARGS", .text, "its arguments ($1, $2, …)", optional: true, variadic: true),
    ],
    examples: [
      Example(
        "run trip.ctry Peru", "run a script with Peru as $1",
        files: ["trip.ctry": "# neighbours, then the card\nborders $1\ndetails $1\n"])
    ],
    passesWordsThrough: true)

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    guard let file = arguments.positional(0) else { throw CtryError.usage("run needs a FILE") }
    // Named as typed, or next to the calling script: the runner reads it from the working directory.
    var path = PathCompletion.expandingTilde(file)
    if !path.hasPrefix("/"), let caller = ScriptStack.current?.path {
      let directory = AtomicFile.directory(of: caller)
      path = directory == "." ? path : directory + "/" + path
    }
    let status = await context.scripts.run(path: path, arguments: Array(arguments.positionals.dropFirst()))
    return CommandResult(.none, status: status)
  }
}
