import CountryModel
import CountryNetwork
import CountryStorage
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `set [NAME [VALUE…]]` — settings, and variables for `${NAME}`.
package struct SetCommand: Command {
  package init() {}

  static let settingNames = ["format", "color", "language", "on-error", "echo", "histsize", "api", "api-key"]

  package let spec = CommandSpec(
    name: "set",
    summary: "Show or change settings (format, color, language, on-error, echo, histsize, api, api-key) and variables",
    discussion: """
      format table|json|csv|plain; color on|off; language CODE (the language of country names in tables, \
      plain output and cards, as --lang gives it one line: fr, de, ja…; en for English; it wins over \
      LC_ALL, LC_MESSAGES and LANG; put it in init.ctry to keep it); on-error stop|continue (scripts); echo on|off (print \
      each script command on stderr first, after '+ ', as sh -x does); histsize N (history lines kept); api URL (the REST Countries server; \
      the flavour follows a URL ending in /v3.1, /v2 or /countries/v5); api-key KEY (the v5 API key, \
      saved with mode 0600 in the config directory, never kept in history; 'api-key none' removes it; \
      CTRY_API_KEY wins over it). Any other NAME is a variable, used as ${NAME} in later commands.
      """,
    positionals: [
      Positional("NAME", .suggested(settingNames), "a setting or variable name", optional: true),
      Positional(
        "VALUE", .text, "its new value", optional: true, variadic: true,
        kindAfter: [
          "format": .choice(OutputFormat.allCases.map(\.rawValue)), "color": .choice(["on", "off"]),
          "echo": .choice(["on", "off"]), "language": .nameLanguage,
          "on-error": .choice(ScriptRunner.OnError.allCases.map(\.rawValue)),
        ]),
    ],
    examples: [
      Example("set", "every setting and variable"),
      Example("set format plain", "plain output from now on"),
      Example("set language fr", "country names in French from now on"),
      Example("set capital Helsinki", "a variable: search --capital ${capital}"),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    guard let name = arguments.positional(0) else { return list(context) }
    let words = Array(arguments.positionals.dropFirst())
    guard !words.isEmpty else {
      guard let value = current(name, context) else {
        throw CtryError.notFound("no setting or variable '\(EchoedInput.shortened(name))'", hint: "see 'set'")
      }
      return CommandResult(.text(value))
    }
    let value = words.joined(separator: " ")
    switch name {
    case "histsize":
      guard let size = Int(value), size > 0 else {
        throw CtryError.usage("histsize must be a number above 0, got '\(EchoedInput.shortened(value))'")
      }
      context.history.limit = size
      return CommandResult(.none)
    case "api-key":
      let store = APIKeyStore(directory: context.paths.configDirectory)
      if ["none", "off", "-"].contains(value.lowercased()) {
        try store.remove()
        context.session.update { $0.api.key = nil }
        return .message("API key removed.")
      }
      guard words.count == 1, let key = APIKey(value) else {
        throw CtryError.usage("an API key is one word of printable ASCII characters", hint: "set api-key KEY")
      }
      try store.save(key)
      context.session.update { $0.api.key = key }
      return .message("API key saved in \(store.path) (mode 0600).")
    default:
      try context.session.update { settings throws in try Self.change(name, to: value, in: &settings) }
      return CommandResult(.none)
    }
  }

  /// Sets one setting or variable of `settings` (under the session's lock).
  private static func change(_ name: String, to value: String, in settings: inout Settings) throws {
    switch name {
    case "format":
      guard let format = OutputFormat(rawValue: value) else {
        throw CtryError.usage("format must be table, json, csv or plain, got '\(EchoedInput.shortened(value))'")
      }
      settings.format = format
    case "color":
      settings.color = try Self.onOff(value, name)
    case "language":
      settings.language = try LanguageChoice.checked(value)
    case "echo":
      settings.echo = try Self.onOff(value, name)
    case "on-error":
      guard let mode = ScriptRunner.OnError(rawValue: value) else {
        throw CtryError.usage("on-error must be stop or continue, got '\(EchoedInput.shortened(value))'")
      }
      settings.onError = mode
    case "api":
      let version = APIFlavour.inferred(from: value) == nil ? settings.api.flavour.rawValue : nil
      settings.api = try APIConfiguration.resolve(url: value, version: version, environment: [:]).keeping(settings.api)
    default:
      guard Self.isVariableName(name) else {
        throw CtryError.usage(
          "'\(EchoedInput.shortened(name))' is not a valid variable name", hint: "use letters, digits and _")
      }
      try settings.setVariable(name, to: value)
    }
  }

  private func current(_ name: String, _ context: CommandContext) -> String? {
    let settings = context.session.settings
    switch name {
    case "format": return settings.format.rawValue
    case "color": return settings.color ? "on" : "off"
    case "language":
      if let language = settings.language { return language }
      // The locale's language when it has names, else English, as `LanguageChoice` reads it.
      guard let code = settings.localeLanguage, (try? CountryNames.bundled().has(code)) == true else { return "en" }
      return "\(code) (from the locale)"
    case "echo": return settings.echo ? "on" : "off"
    case "on-error": return settings.onError?.rawValue ?? "stop"
    case "histsize": return String(context.history.limit)
    case "api": return settings.api.displayURL
    case "api-key": return settings.api.key?.masked ?? "not set"
    default: return settings.variables[name]
    }
  }

  private func list(_ context: CommandContext) -> CommandResult {
    let variables = context.session.settings.variables
    var rows: [[Cell]] = Self.settingNames.map { [.text($0), .text(current($0, context) ?? "")] }
    rows += variables.keys.sorted().map { [.text($0), .text(variables[$0] ?? "")] }
    return CommandResult(
      .table(Table(columns: [.init("name", "Name"), .init("value", "Value")], rows: rows), empty: ""))
  }

  static func onOff(_ value: String, _ name: String) throws(CtryError) -> Bool {
    switch value.lowercased() {
    case "on", "true", "yes", "1": return true
    case "off", "false", "no", "0": return false
    default: throw CtryError.usage("\(name) must be on or off, got '\(EchoedInput.shortened(value))'")
    }
  }

  static func isVariableName(_ name: String) -> Bool {
    guard let first = name.first, first.isLetter || first == "_" else { return false }
    return name.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
  }
}

extension APIConfiguration {
  /// This URL and flavour with the other's timeouts, retries, page size and key.
  fileprivate func keeping(_ other: APIConfiguration) -> APIConfiguration {
    var result = other
    result.baseURL = baseURL
    result.flavour = flavour
    result.serverChosen = serverChosen
    return result
  }
}
