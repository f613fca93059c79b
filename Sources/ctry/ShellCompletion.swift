import ArgumentParser
import CountryKit
import CtryCommands
import CtryShell
import Foundation

/// Completions for bash, zsh and fish: the generated scripts call back into ctry, which answers
/// with the same completer as the interactive shell (`ctry __complete` prints the same).
enum ShellCompletion {
  /// ctry's own options that take a value.
  static let optionsWithValue: Set<String> = ["-c", "--format", "--data-dir", "--api", "--api-version"]

  static func candidates(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    var typed = Array(words.prefix(max(0, index)).dropFirst())
    while let first = typed.first, first.hasPrefix("-") {
      typed.removeFirst()
      if optionsWithValue.contains(first), !typed.isEmpty { typed.removeFirst() }
    }
    let environment = ProcessInfo.processInfo.environment
    guard let completer = makeCompleter(environment: environment) else { return [] }
    var result = completer.candidates(words: typed + [prefix])
    if typed.isEmpty {
      result += scriptFiles(prefix)
    }
    // bash passes candidates through `compgen -W`, which removes quotes: escape what it would eat.
    if CompletionShell.requesting == .bash { result = result.map(bashEscaped) }
    return result
  }

  static func bashEscaped(_ word: String) -> String {
    var out = ""
    for character in word {
      if "\\'\"$`".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }

  static func makeCompleter(environment: [String: String], dataDirectory: String? = nil) -> Completer? {
    let paths = AppPaths.resolve(environment: environment, override: dataDirectory)
    let loaded = try? paths.map { try CountryStore.load(cache: CountryCache(directory: $0.cacheDirectory)).store }
    guard let store = loaded ?? (try? CountryStore.bundled()) else { return nil }
    let plugins = PluginFinder(path: environment["PATH"])
    return Completer(registry: BuiltinCommands.registry(), snapshot: store.snapshot, extraCommands: { plugins.names() })
  }

  /// `.ctry` files and directories, for `ctry FILE.ctry`.
  static func scriptFiles(_ prefix: String) -> [String] {
    let directory = prefix.contains("/") ? String(prefix[...(prefix.lastIndex(of: "/") ?? prefix.startIndex)]) : ""
    let path = directory.isEmpty ? "." : directory
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
    return entries.sorted().compactMap { entry in
      let full = directory + entry
      guard full.hasPrefix(prefix), !entry.hasPrefix(".") else { return nil }
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
      if isDirectory.boolValue { return full + "/" }
      return entry.hasSuffix(".ctry") ? full : nil
    }
  }
}
