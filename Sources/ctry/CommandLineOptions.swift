import CtryGrammar
import CtryOutput
import CtrySystem

/// ctry's own options, the words before the command, bound by `ArgumentBinder` against
/// `ProgramFlags.spec` as `getopt_long` reads them: `--name VALUE` or `--name=VALUE`, `-c COMMAND` or
/// `-cCOMMAND`, `--` ends them, and the first word that is no option starts the command. Every mistake
/// is one line in ctry's words with a hint, status 2.
struct CommandLineOptions: Equatable {
  var commands: [String] = []
  /// What the output flags ask for (`--format`, `--json`, `--no-color`), as on a command's line.
  var output = OutputOverrides()
  var dataDirectory: String?
  var offline = false
  var api: String?
  var apiVersion: String?
  var noInit = false
  /// The command and its arguments, or a script and its arguments.
  var words: [String] = []

  /// What the command line asks for.
  enum Request: Equatable {
    case run(CommandLineOptions)
    case help
    case version
  }

  static let seeHelp = "see 'ctry --help'"

  static func parse(_ arguments: [String]) throws(CtryError) -> Request {
    let flags = ProgramFlags.shared
    let (bound, output) = try ArgumentBinder.bind(arguments, to: ProgramFlags.spec, usageHint: seeHelp)
    if output.help { return .help }
    if bound[flags.version] { return .version }
    let options = CommandLineOptions(
      commands: bound[flags.commands], output: output, dataDirectory: bound[flags.dataDirectory],
      offline: bound[flags.offline], api: bound[flags.api], apiVersion: bound[flags.apiVersion],
      noInit: bound[flags.noInit], words: bound.positionals)
    if options.dataDirectory?.isEmpty == true {
      throw CtryError.usage("--data-dir needs a directory, not an empty word", hint: "e.g. --data-dir ~/ctry-test")
    }
    if !options.commands.isEmpty, !options.words.isEmpty {
      throw CtryError.usage("give either -c commands or one COMMAND with its arguments, not both", hint: seeHelp)
    }
    return .run(options)
  }
}
