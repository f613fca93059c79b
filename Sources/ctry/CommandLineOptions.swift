import CountryModel
import CtryGrammar
import CtryOutput
import CtrySystem
import FoundationEssentials
import Glibc

/// ctry's own options, the words before the command, read by `FlagScanner` against `ProgramFlags` as
/// `getopt_long` reads them: `--name VALUE` or `--name=VALUE`, `-c COMMAND` or `-cCOMMAND`, `--` ends
/// them, and the first word that is no option starts the command. Every mistake is one line in ctry's
/// words with a hint, status 2.
struct CommandLineOptions: Equatable {
  var commands: [String] = []
  var format: OutputFormat?
  var json = false
  var noColor = false
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
    let items: [FlagScanner.Item]
    do {
      items = try ProgramFlags.scanner.scan(arguments)
    } catch {
      throw mistake(error)
    }
    var options = CommandLineOptions()
    var asked: [(flag: String, format: OutputFormat)] = []
    for item in items {
      guard case .flag(let flag, _, let value) = item else {
        if case .word(let word, _) = item { options.words.append(word) }
        continue
      }
      let text = value ?? ""
      switch flag.name {
      case flags.help.name: return .help
      case flags.version.name: return .version
      case flags.json.name:
        options.json = true
        asked.append(("--json", .json))
      case flags.noColor.name: options.noColor = true
      case flags.offline.name: options.offline = true
      case flags.noInit.name: options.noInit = true
      case flags.commands.name: options.commands.append(text)
      case flags.format.name:
        guard let format = OutputFormat(rawValue: text) else {
          throw CtryError.usage(
            "--format must be one of table, json, csv or plain, got '\(EchoedInput.shortened(text))'", hint: seeHelp)
        }
        options.format = format
        asked.append(("--format \(text)", format))
      case flags.dataDirectory.name:
        guard !text.isEmpty else {
          throw CtryError.usage("--data-dir needs a directory, not an empty word", hint: "e.g. --data-dir ~/ctry-test")
        }
        options.dataDirectory = text
      case flags.api.name: options.api = text
      case flags.apiVersion.name: options.apiVersion = text
      default: continue
      }
    }
    if !options.commands.isEmpty, !options.words.isEmpty {
      throw CtryError.usage("give either -c commands or one COMMAND with its arguments, not both", hint: seeHelp)
    }
    // Output flags that ask for different formats are a mistake, not "the last wins"; the same
    // format twice is fine.
    if let first = asked.first, let other = asked.first(where: { $0.format != first.format }) {
      throw CtryError.usage("conflicting output formats: \(first.flag) and \(other.flag)", hint: "give one")
    }
    return .run(options)
  }

  /// A scanning mistake in ctry's words.
  static func mistake(_ mistake: FlagScanner.Mistake) -> CtryError {
    switch mistake {
    case .unknown(let word, _):
      return unknownOption(word)
    case .missingValue(let flag, let written):
      if flag.shortOnly { return CtryError.usage("\(written) needs a command", hint: "e.g. ctry -c 'details Egypt'") }
      return CtryError.usage("\(written) needs a value (\(flag.valueName))", hint: seeHelp)
    case .unexpectedValue(_, let written, let word):
      return CtryError.usage(
        "\(written) takes no value, got '\(EchoedInput.shortened(word))'", hint: "write \(written) alone")
    }
  }

  /// `unknown option '--jsn' — did you mean '--json'?`
  static func unknownOption(_ argument: String) -> CtryError {
    let message = "unknown option '\(EchoedInput.shortened(argument))'"
    let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
    let known = ProgramFlags.specs.filter { !$0.shortOnly }.map { "--" + $0.name } + ["-c"]
    if name.hasPrefix("--"), name.count > 3, let close = Suggest.closest(to: name, among: known.sorted()) {
      return CtryError.usage(message, hint: "did you mean '\(close)'?")
    }
    return CtryError.usage(message, hint: seeHelp)
  }
}
