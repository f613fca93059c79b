import Foundation

/// File name completion for FILE arguments (`run trip.ctry`): directories end in `/`.
enum PathCompletion {
  static func candidates(_ typed: String) -> [String] {
    let expanded = typed.hasPrefix("~/") ? NSHomeDirectory() + typed.dropFirst() : typed
    let directoryPart =
      expanded.contains("/") ? String(expanded[...(expanded.lastIndex(of: "/") ?? expanded.startIndex)]) : ""
    let namePrefix = String(expanded.dropFirst(directoryPart.count))
    let typedDirectory = String(typed.dropLast(namePrefix.count))
    let directory = directoryPart.isEmpty ? "." : directoryPart
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
    return names.filter { $0.hasPrefix(namePrefix) && (!$0.hasPrefix(".") || namePrefix.hasPrefix(".")) }
      .sorted()
      .map { name in
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: directoryPart + name, isDirectory: &isDirectory)
        return typedDirectory + name + (isDirectory.boolValue ? "/" : "")
      }
  }
}
