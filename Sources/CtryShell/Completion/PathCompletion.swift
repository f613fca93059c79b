import CtrySystem
import FoundationEssentials

/// File name completion: scripts (`run trip.ctry`, `ctry trip.ctry`) are `.ctry` files and the
/// directories on the way to them; `--data-dir` takes directories. Directories end in `/`; hidden
/// entries are offered only when the name typed starts with a dot; a leading `~/` is kept as typed.
package enum PathCompletion {
  /// `.ctry` files and directories.
  static func scripts(_ typed: String) -> [String] {
    entries(typed).compactMap { $0.isDirectory || $0.path.hasSuffix(".ctry") ? $0.path : nil }
  }

  /// Directories only.
  package static func directories(_ typed: String) -> [String] {
    entries(typed).compactMap { $0.isDirectory ? $0.path : nil }
  }

  /// The entries whose path starts with `typed`, sorted, spelt as typed (`~/` kept).
  private static func entries(_ typed: String) -> [(path: String, isDirectory: Bool)] {
    let expanded = expandingTilde(typed)
    let directoryPart =
      expanded.contains("/") ? String(expanded[...(expanded.lastIndex(of: "/") ?? expanded.startIndex)]) : ""
    let namePrefix = String(expanded.dropFirst(directoryPart.count))
    let typedDirectory = String(typed.dropLast(namePrefix.count))
    let directory = directoryPart.isEmpty ? "." : directoryPart
    guard let names = try? SystemCall.directoryEntries(directory) else { return [] }
    return names.filter { $0.hasPrefix(namePrefix) && (!$0.hasPrefix(".") || namePrefix.hasPrefix(".")) }
      .sorted()
      .compactMap { name in
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: directoryPart + name, isDirectory: &isDirectory) else {
          return nil
        }
        return (typedDirectory + name + (isDirectory ? "/" : ""), isDirectory)
      }
  }

  /// `~` and `~/…` with the home directory in place of the tilde; any other path as it is.
  package static func expandingTilde(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/") else { return path }
    let home =
      ProcessEnvironment.current()["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? FileManager.default.homeDirectoryForCurrentUser.path
    return home + path.dropFirst()
  }
}
