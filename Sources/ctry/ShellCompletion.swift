import ArgumentParser
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
    var result = candidates(afterOptions: line, current: prefix)
    // bash passes candidates through `compgen -W`, which removes quotes: escape what it would eat.
    if CompletionShell.requesting == .bash { result = result.map(bashEscaped) }
    return result
  }

  /// `ctry __complete-shell bash CURRENT -- LINE`, for completions/ctry.bash: LINE is the command
  /// line up to the cursor (from `ctry` on), CURRENT the word bash replaces. Prints what replaces
  /// that word, escaped for bash; a unique finished candidate ends in a space.
  static func bashCandidates(current: String, line: String) -> [String] {
    let tokens = Tokenizer.scan(line).tokens
    var position = 1
    while position < tokens.count, tokens[position].value.hasPrefix("-"), tokens[position].end < line.count {
      position += optionsWithValue.contains(tokens[position].value) ? 2 : 1
    }
    let characters = Array(line)
    let restStart = position < tokens.count ? tokens[position].start : characters.count
    let rest = String(characters[min(restStart, characters.count)...])
    let commandTyped = position < tokens.count - 1 || (position < tokens.count && Tokenizer.scan(line).endsInSpace)
    if !commandTyped, current.hasPrefix("-") {
      return ownOptions.filter { $0.hasPrefix(current) }.map { $0 + " " }
    }
    let found = candidates(afterOptions: rest, current: current)
    return found.map { candidate in
      let escaped = bashEscapedWord(candidate)
      return found.count == 1 && !candidate.hasSuffix("/") ? escaped + " " : escaped
    }
  }

  /// The completer's answer for the words after ctry's options, from where the current word begins
  /// (at the command word, `.ctry` files too).
  static func candidates(afterOptions line: String, current: String) -> [String] {
    let environment = ProcessInfo.processInfo.environment
    guard let completer = makeCompleter(environment: environment) else { return [] }
    return completer.shellCandidates(line: line, current: current)
  }

  /// A word as bash reads it back whole: every character the shell would act on, escaped.
  static func bashEscapedWord(_ word: String) -> String { escaping(word, " \t\n\\'\"$`!#&*()[]{};|<>?~") }

  /// A word inside double quotes: the characters that are special there, escaped.
  static func bashEscaped(_ word: String) -> String { escaping(word, "\\'\"$`") }

  /// `word` with a backslash before each character of `special`.
  private static func escaping(_ word: String, _ special: String) -> String {
    var out = ""
    for character in word {
      if special.contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }

  static func makeCompleter(environment: [String: String], dataDirectory: String? = nil) -> Completer? {
    let paths = AppPaths.resolve(environment: environment, override: dataDirectory)
    let loaded = try? paths.map { try CountryStore.load(cache: CountryCache(directory: $0.cacheDirectory)).store }
    guard let store = loaded ?? (try? CountryStore.bundled()) else { return nil }
    let plugins = PluginFinder(path: environment["PATH"])
    return Completer(
      registry: BuiltinCommands.registry(), snapshot: store.snapshot, extraCommands: { plugins.names() },
      offersScripts: true)
  }
}
