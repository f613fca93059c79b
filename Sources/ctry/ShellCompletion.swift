import CountryKit
import CtryCommands
import CtryShell

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Completions for bash, zsh and fish: the generated scripts call back into ctry, which answers
/// with the same completer as the interactive shell (`ctry __complete` prints the same).
enum ShellCompletion {
  /// ctry's own options that take a value.
  static let optionsWithValue: Set<String> = ["-c", "--format", "--data-dir", "--api", "--api-version"]

  /// ctry's own options, offered before the command word.
  static let ownOptions = [
    "--api", "--api-version", "--data-dir", "--format", "--help", "--json", "--no-color", "--no-init", "--offline",
    "--version",
  ]

  /// zsh and fish (the scripts swift-argument-parser generates): the words before the cursor and
  /// the prefix of the current one.
  static func candidates(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    var typed = Array(words.prefix(max(0, index)).dropFirst())
    while let first = typed.first, first.hasPrefix("-") {
      typed.removeFirst()
      if optionsWithValue.contains(first), !typed.isEmpty { typed.removeFirst() }
    }
    let line = (typed + [prefix]).map(Tokenizer.quote).joined(separator: " ")
    return candidates(afterOptions: line, current: prefix)
  }

  /// `ctry __complete-shell bash CURRENT -- LINE`, for completions/ctry.bash: LINE is the command
  /// line up to the cursor (from `ctry` on), CURRENT the word bash completes (as typed, quotes and
  /// backslashes included). Prints what replaces the part of that word after any opening quote, one
  /// candidate per line, unquoted: the script asks bash to quote them as it quotes file names, in the
  /// user's own style (`New\ Zealand`, `"New Zealand"`, `'New Zealand'`), and to list them as they read.
  static func bashCandidates(current: String, line: String) -> [String] {
    let scan = Tokenizer.scan(line)
    let tokens = scan.tokens
    // The word at the cursor: the last one, or a new one after a space.
    let cursor = scan.endsInSpace || tokens.isEmpty ? tokens.count : tokens.count - 1
    var position = 1
    while position < cursor, tokens[position].value.hasPrefix("-") {
      let option = tokens[position].value
      position += 1
      if option == "--" { break }
      if optionsWithValue.contains(option) {
        // `ctry --format <Tab>`: the option's values.
        if position == cursor { return values(of: option, typed: scan.endsInSpace ? "" : tokens[cursor].value) }
        position += 1
      }
    }
    if position == cursor, !scan.endsInSpace, position < tokens.count {
      let word = tokens[position].value
      // `ctry --format=js<Tab>`: bash completes what follows the `=`.
      if word.hasPrefix("--"), let equals = word.firstIndex(of: "="),
        optionsWithValue.contains(String(word[..<equals]))
      {
        return values(of: String(word[..<equals]), typed: String(word[word.index(after: equals)...]))
      }
      if word.hasPrefix("-") { return ownOptions.filter { $0.hasPrefix(word) } }
    }
    let characters = Array(line)
    let restStart = position < tokens.count ? tokens[position].start : characters.count
    let rest = String(characters[min(restStart, characters.count)...])
    return candidates(afterOptions: rest, current: current).map(withoutSlash)
  }

  /// A directory without its trailing `/`: bash adds it when it inserts one, and when it lists them.
  static func withoutSlash(_ candidate: String) -> String {
    candidate.count > 1 && candidate.hasSuffix("/") ? String(candidate.dropLast()) : candidate
  }

  /// The values ctry's option `option` takes that start with `typed`: the formats, the API versions,
  /// directories for `--data-dir`; nothing for a command (`-c`) or a URL (`--api`).
  static func values(of option: String, typed: String) -> [String] {
    switch option {
    case "--format": return OutputFormat.allCases.map(\.rawValue).filter { $0.hasPrefix(typed) }
    case "--api-version": return APIFlavour.allCases.map(\.rawValue).filter { $0.hasPrefix(typed) }
    case "--data-dir": return PathCompletion.directories(typed).map(withoutSlash)
    default: return []
    }
  }

  /// The completer's answer for the words after ctry's options, from where the current word begins
  /// (at the command word, `.ctry` files too).
  static func candidates(afterOptions line: String, current: String) -> [String] {
    let environment = ProcessInfo.processInfo.environment
    guard let completer = makeCompleter(environment: environment) else { return [] }
    return completer.shellCandidates(line: line, current: current)
  }

  static func makeCompleter(environment: [String: String], dataDirectory: String? = nil) -> Completer? {
    let paths = AppPaths.resolve(environment: environment, override: dataDirectory)
    let loaded = try? paths.map { try CountryCache(directory: $0.cacheDirectory).load().snapshot.catalog }
    guard let catalog = loaded ?? (try? CountryCatalog(countries: BundledDataset.load())) else { return nil }
    let plugins = PluginFinder(path: environment["PATH"])
    return Completer(
      registry: BuiltinCommands.registry(), catalog: catalog, extraCommands: { plugins.names() },
      offersScripts: true)
  }
}
