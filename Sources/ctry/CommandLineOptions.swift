import CountryKit
import CtryShell

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// ctry's own options, the words before the command, parsed as `getopt_long` parses them: `--name
/// VALUE` or `--name=VALUE`, `-c COMMAND` or `-cCOMMAND`, `--` ends them, and the first word that is
/// no option starts the command. Every mistake is one line in ctry's words with a hint, status 2.
/// (`CtryCLI` declares the same options for `--help` and the zsh and fish completion scripts.)
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

  /// The long options that take a value, and what a value looks like.
  static let valueOptions: [String: String] = [
    "--format": "table, json, csv or plain", "--data-dir": "a directory", "--api": "a URL",
    "--api-version": "v5, v3.1 or v2",
  ]
  /// The long options that take none.
  static let switches: Set = ["--json", "--no-color", "--offline", "--no-init", "--help", "--version"]

  static let seeHelp = "see 'ctry --help'"

  static func parse(_ arguments: [String]) throws(CtryError) -> Request {
    var options = CommandLineOptions()
    var asked: [(flag: String, format: OutputFormat)] = []
    var index = arguments.startIndex
    /// The value of the option `name`: attached (`--format=json`, `-cCMD`), or the next argument.
    func value(of name: String, attached: String?) throws(CtryError) -> String {
      if let attached { return attached }
      guard index < arguments.endIndex else {
        if name == "-c" { throw CtryError.usage("-c needs a command", hint: "e.g. ctry -c 'details Egypt'") }
        throw CtryError.usage("\(name) needs a value: \(valueOptions[name] ?? "")", hint: seeHelp)
      }
      defer { index += 1 }
      return arguments[index]
    }
    while index < arguments.endIndex {
      let argument = arguments[index]
      if argument == "--" {
        options.words = Array(arguments[(index + 1)...])
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        options.words = Array(arguments[index...])
        break
      }
      index += 1
      if argument.hasPrefix("-c"), !argument.hasPrefix("--") {
        options.commands.append(try value(of: "-c", attached: argument == "-c" ? nil : String(argument.dropFirst(2))))
        continue
      }
      let name: String
      var attached: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        attached = String(argument[argument.index(after: equals)...])
      } else {
        name = argument
      }
      if attached != nil, switches.contains(name) {
        throw CtryError.usage("\(name) takes no value, got '\(argument)'", hint: "write \(name) alone")
      }
      switch name {
      case "--help", "-h": return .help
      case "--version": return .version
      case "--json":
        options.json = true
        asked.append(("--json", .json))
      case "--no-color": options.noColor = true
      case "--offline": options.offline = true
      case "--no-init": options.noInit = true
      case "--format":
        let text = try value(of: name, attached: attached)
        guard let format = OutputFormat(rawValue: text) else {
          throw CtryError.usage(
            "--format must be one of table, json, csv or plain, got '\(EchoedInput.shortened(text))'", hint: seeHelp)
        }
        options.format = format
        asked.append(("--format \(text)", format))
      case "--data-dir":
        let text = try value(of: name, attached: attached)
        guard !text.isEmpty else {
          throw CtryError.usage("--data-dir needs a directory, not an empty word", hint: "e.g. --data-dir ~/ctry-test")
        }
        options.dataDirectory = text
      case "--api": options.api = try value(of: name, attached: attached)
      case "--api-version": options.apiVersion = try value(of: name, attached: attached)
      default:
        throw unknownOption(argument, name: name)
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

  /// `unknown option '--jsn' — did you mean '--json'?`
  static func unknownOption(_ argument: String, name: String) -> CtryError {
    let message = "unknown option '\(EchoedInput.shortened(argument))'"
    let known = Array(valueOptions.keys) + Array(switches) + ["-c"]
    if name.hasPrefix("--"), name.count > 3, let close = Suggest.closest(to: name, among: known.sorted()) {
      return CtryError.usage(message, hint: "did you mean '\(close)'?")
    }
    return CtryError.usage(message, hint: seeHelp)
  }
}
