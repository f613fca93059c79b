#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// File name completion for FILE arguments (`run trip.ctry`): directories end in `/`.
package enum PathCompletion {
  static func candidates(_ typed: String) -> [String] {
    let expanded = expandingTilde(typed)
    let directoryPart =
      expanded.contains("/") ? String(expanded[...(expanded.lastIndex(of: "/") ?? expanded.startIndex)]) : ""
    let namePrefix = String(expanded.dropFirst(directoryPart.count))
    let typedDirectory = String(typed.dropLast(namePrefix.count))
    let directory = directoryPart.isEmpty ? "." : directoryPart
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
    return names.filter { $0.hasPrefix(namePrefix) && (!$0.hasPrefix(".") || namePrefix.hasPrefix(".")) }
      .sorted()
      .map { name in
        var isDirectory = false
        _ = FileManager.default.fileExists(atPath: directoryPart + name, isDirectory: &isDirectory)
        return typedDirectory + name + (isDirectory ? "/" : "")
      }
  }

  /// `.ctry` files and directories, for `ctry FILE.ctry`.
  static func scripts(_ prefix: String) -> [String] {
    let directory = prefix.contains("/") ? String(prefix[...(prefix.lastIndex(of: "/") ?? prefix.startIndex)]) : ""
    let path = directory.isEmpty ? "." : directory
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
    return entries.sorted().compactMap { entry in
      let full = directory + entry
      guard full.hasPrefix(prefix), !entry.hasPrefix(".") else { return nil }
      var isDirectory = false
      _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
      if isDirectory { return full + "/" }
      return entry.hasSuffix(".ctry") ? full : nil
    }
  }

  /// `~` and `~/…` with the home directory in place of the tilde; any other path as it is.
  package static func expandingTilde(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/") else { return path }
    return FileManager.default.homeDirectoryForCurrentUser.path + path.dropFirst()
  }
}
