import CountryModel
import CtryOutput
import CtrySystem

/// Binds the words after a command name to its signature, with usage errors that name the flag.
package enum ArgumentBinder {
  /// The global flags as typed keys: the binder matches them by their names.
  private static let globalGroup = GlobalFlags.made()
  static var global: GlobalFlags { globalGroup.keys }

  /// Flags every command accepts: output format, colour and help.
  package static var globalFlags: [FlagSpec] { globalGroup.specs }

  package static func bind(_ words: [String], to spec: CommandSpec) throws(CtryError) -> (Arguments, OutputOverrides) {
    var arguments = Arguments()
    var overrides = OutputOverrides()
    var loose: [String] = []
    /// The flag that chose the output format, as typed in words (`--json`, `--format csv`).
    var formatFlag: String?
    func choose(_ format: OutputFormat, by flag: String) throws(CtryError) {
      if let chosen = overrides.format, chosen != format, let formatFlag {
        throw CtryError.usage("conflicting output formats: \(formatFlag) and \(flag)", hint: "give one")
      }
      overrides.format = format
      formatFlag = formatFlag ?? flag
    }
    let items: [FlagScanner.Item]
    do {
      items = try spec.scanner.scan(words)
    } catch {
      throw mistake(error, spec: spec)
    }
    for item in items {
      guard case .flag(let flag, _, let given) = item else {
        if case .word(let word, _) = item { loose.append(word) }
        continue
      }
      let name = flag.name
      let isGlobal = spec.flag(named: name) == nil
      guard let kind = flag.value, let value = given else {
        switch name {
        case global.json.name where isGlobal: try choose(.json, by: "--json")
        case global.noColor.name where isGlobal: overrides.noColor = true
        case global.help.name where isGlobal: overrides.help = true
        default: arguments.switches.insert(name)
        }
        continue
      }
      try validate(value, kind: kind, label: "--\(name)")
      if name == global.format.name, isGlobal, let format = OutputFormat(rawValue: value) {
        try choose(format, by: "--format \(value)")
      } else {
        if let previous = arguments.values[name] {
          arguments.repeated[name, default: [previous]].append(value)
        }
        arguments.values[name] = value
      }
    }
    if overrides.help { return (arguments, overrides) }
    arguments.positionals = try bindPositionals(loose, spec: spec)
    return (arguments, overrides)
  }

  /// A scanning mistake in the binder's words.
  private static func mistake(_ mistake: FlagScanner.Mistake, spec: CommandSpec) -> CtryError {
    switch mistake {
    case .unknown(let word, let name):
      return unknownFlag(word, name: name, spec: spec)
    case .missingValue(let flag, _):
      return CtryError.usage("--\(flag.name) needs a value (\(flag.valueName))", hint: "usage: \(spec.usage)")
    case .unexpectedValue(let flag, _, _):
      return CtryError.usage("--\(flag.name) takes no value", hint: "usage: \(spec.usage)")
    }
  }

  private static func bindPositionals(_ loose: [String], spec: CommandSpec) throws(CtryError) -> [String] {
    var result: [String] = []
    var remaining = loose[...]
    for positional in spec.positionals {
      if remaining.isEmpty {
        if positional.optional { break }
        throw CtryError.usage("\(spec.name) needs \(positional.name)", hint: "usage: \(spec.usage)")
      }
      if positional.joinsWords {
        result.append(Array(remaining).joinedText(separator: " "))
        remaining = []
      } else if positional.variadic {
        for word in remaining { try validate(word, kind: positional.kind, label: positional.name) }
        result += remaining
        remaining = []
      } else {
        let word = remaining.removeFirst()
        try validate(word, kind: positional.kind, label: positional.name)
        result.append(word)
      }
    }
    if let extra = remaining.first {
      let hint =
        spec.positionals.isEmpty
        ? "\(spec.name) takes no arguments" : "usage: \(spec.usage); quote names that contain spaces"
      throw CtryError.usage("unexpected argument '\(EchoedInput.shortened(extra))' for \(spec.name)", hint: hint)
    }
    return result
  }

  private static func validate(_ value: String, kind: ValueKind, label: String) throws(CtryError) {
    switch kind {
    case .integer:
      guard Int(value) != nil else {
        throw CtryError.usage("\(label) needs a whole number, got '\(EchoedInput.shortened(value))'")
      }
    case .choice(let choices):
      guard choices.contains(value) else {
        let close = Suggest.closest(to: value, among: choices)
        throw CtryError.usage(
          "\(label) must be one of \(choices.joined(separator: ", ")), got '\(EchoedInput.shortened(value))'",
          hint: Suggest.hint(close.map { [$0] } ?? []))
      }
    default:
      break
    }
  }

  private static func unknownFlag(_ word: String, name: String, spec: CommandSpec) -> CtryError {
    let known = (spec.flags + globalFlags).map(\.name)
    if let close = Suggest.closest(to: name, among: known) {
      return CtryError.usage(
        "unknown flag '\(EchoedInput.shortened(word))' for \(spec.name)", hint: Suggest.hint(["--\(close)"]))
    }
    return CtryError.usage(
      "unknown flag '\(EchoedInput.shortened(word))' for \(spec.name)", hint: "see '\(spec.name) --help'")
  }
}
