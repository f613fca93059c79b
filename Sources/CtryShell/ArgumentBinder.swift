import CountryKit

/// Binds the words after a command name to its signature, with usage errors that name the flag.
package enum ArgumentBinder {
  /// The global flags as typed keys: the binder matches them by their names.
  static let global = GlobalFlags()

  /// Flags every command accepts: output format, colour and help.
  package static let globalFlags = global.specs

  package static func bind(_ words: [String], to spec: CommandSpec) throws(CtryError) -> (Arguments, OutputOverrides) {
    var arguments = Arguments()
    var overrides = OutputOverrides()
    var loose: [String] = []
    var index = 0
    var onlyPositionals = false
    /// The flag that chose the output format, as typed in words (`--json`, `--format csv`).
    var formatFlag: String?
    func choose(_ format: OutputFormat, by flag: String) throws(CtryError) {
      if let chosen = overrides.format, chosen != format, let formatFlag {
        throw CtryError.usage("conflicting output formats: \(formatFlag) and \(flag)", hint: "give one")
      }
      overrides.format = format
      formatFlag = formatFlag ?? flag
    }
    while index < words.count {
      let word = words[index]
      index += 1
      if spec.passesWordsThrough, !loose.isEmpty { onlyPositionals = true }
      if onlyPositionals || !isFlag(word) {
        loose.append(word)
        continue
      }
      if word == "--" {
        onlyPositionals = true
        continue
      }
      if word == "-h" {
        overrides.help = true
        continue
      }
      var name = String(word.drop(while: { $0 == "-" }))
      var inline: String?
      if let equals = name.firstIndex(of: "=") {
        inline = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard word.hasPrefix("--"), let flag = spec.flag(named: name) ?? globalFlags.first(where: { $0.name == name })
      else {
        throw unknownFlag(word, name: name, spec: spec)
      }
      guard let kind = flag.value else {
        if inline != nil { throw CtryError.usage("--\(name) takes no value", hint: "usage: \(spec.usage)") }
        switch name {
        case global.json.name where spec.flag(named: name) == nil: try choose(.json, by: "--json")
        case global.noColor.name where spec.flag(named: name) == nil: overrides.noColor = true
        case global.help.name where spec.flag(named: name) == nil: overrides.help = true
        default: arguments.switches.insert(name)
        }
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else if index < words.count {
        value = words[index]
        index += 1
      } else {
        throw CtryError.usage("--\(name) needs a value (\(flag.valueName))", hint: "usage: \(spec.usage)")
      }
      try validate(value, kind: kind, label: "--\(name)")
      if name == global.format.name, spec.flag(named: name) == nil, let format = OutputFormat(rawValue: value) {
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

  private static func isFlag(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word.count > 1 else { return false }
    // Negative numbers are values, not flags.
    return !(word.dropFirst().first?.isNumber ?? false)
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
        result.append(remaining.joined(separator: " "))
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
