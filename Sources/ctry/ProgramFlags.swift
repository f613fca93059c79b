import CountryNetwork
import CtryGrammar
import CtryOutput

/// ctry's own options, the words before the command, declared with the same typed keys as every
/// command's flags: `CommandLineOptions` reads them through `FlagScanner`, as the binder reads a
/// command's, and `--help`, the manual page's OPTIONS and shell completion are written from them.
struct ProgramFlags: FlagGroup {
  let commands = FlagKey<[String]>.repeatable(
    "c", short: "c", .text, valueName: "COMMAND", "run COMMAND and exit (repeatable)")
  let format = FlagKey<OutputFormat>.choice("format", valueName: "FORMAT", "output format: table, json, csv or plain")
  let json = FlagKey<Bool>.switch("json", "same as --format json")
  let noColor = FlagKey<Bool>.switch("no-color", "no colour (also when NO_COLOR is set)")
  let dataDirectory = FlagKey<String>.option(
    "data-dir", .directory, valueName: "DIR", "keep all of ctry's files in DIR")
  let offline = FlagKey<Bool>.switch("offline", "never touch the network")
  let api = FlagKey<String>.option(
    "api", .text, valueName: "URL",
    "the REST Countries server (also CTRY_API_URL); default the keyed v5 API, or a self-hosted v3.1 server")
  let apiVersion = FlagKey<String>.option(
    "api-version", .choice(APIFlavour.allCases.map(\.rawValue)), valueName: "VERSION",
    "the server's API: v5 (needs CTRY_API_KEY), v3.1 or v2; default from the URL's ending")
  let noInit = FlagKey<Bool>.switch("no-init", "do not run the start-up file init.ctry")
  let version = FlagKey<Bool>.switch("version", "print the version and where the data comes from")
  let help = FlagKey<Bool>.switch("help", short: "h", "print this help")

  private static let group = made()
  static var shared: ProgramFlags { group.keys }
  static var specs: [FlagSpec] { group.specs }

  /// The scanner for ctry's words: its options end at the first word that is none (the command).
  static let scanner = FlagScanner(flags: specs, passesWordsThrough: true)
}
