import CountryNetwork
import CtryGrammar
import CtryOutput

/// ctry's own options, the words before the command, declared with the same typed keys as every
/// command's flags, the output flags and `--help` being the very ones every command takes (`GlobalFlags`):
/// `CommandLineOptions` binds them with `ArgumentBinder`, as a command's are bound, and `--help`, the
/// manual page's OPTIONS and shell completion are written from them.
struct ProgramFlags: FlagGroup {
  let commands = FlagKey<[String]>.repeatable(
    "c", short: "c", .text, valueName: "COMMAND", "run COMMAND and exit (repeatable)")
  /// The output flags and `--help`, the very ones every command takes.
  let global = GlobalFlags()
  let dataDirectory = FlagKey<String>.option(
    "data-dir", .directory, valueName: "DIR", "keep all of ctry's files in DIR")
  let offline = FlagKey<Bool>.switch("offline", "never touch the network")
  let api = FlagKey<String>.option(
    "api", .text, valueName: "URL",
    "the REST Countries server (also CTRY_API_URL); default the keyed v5 API, or a self-hosted v3.1 server")
  let apiVersion = FlagKey<String>.option(
    "api-version", .suggested(APIFlavour.allCases.map(\.rawValue)), valueName: "VERSION",
    "the server's API: v5 (needs CTRY_API_KEY), v3.1 or v2; default from the URL's ending")
  let noInit = FlagKey<Bool>.switch("no-init", "do not run the start-up file init.ctry")
  let version = FlagKey<Bool>.switch("version", "print the version and where the data comes from")

  /// ctry's words as a signature: its options end at the first word that is none, the command (or
  /// script) that takes every word after it.
  static let spec = CommandSpec(
    name: "ctry", summary: CtryCLI.summary,
    positionals: [
      Positional("COMMAND", .text, "a command or script, and its arguments", optional: true, variadic: true)
    ],
    flags: ProgramFlags.self, passesWordsThrough: true)
  static var shared: ProgramFlags { spec.keys as? ProgramFlags ?? ProgramFlags() }
  static var specs: [FlagSpec] { spec.flags }
}
