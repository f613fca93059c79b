import CtrySystem
import FoundationEssentials

/// External commands: any executable `ctry-NAME` on `PATH` is the command `NAME`, as git does.
package struct PluginFinder: Sendable {
  package static let prefix = "ctry-"
  package let searchPath: [String]

  package init(path: String?) {
    // Split at the byte, as a shell does: no grapheme breaking, and a ":" before a combining mark
    // still separates.
    searchPath = (path ?? "").utf8.split(separator: UInt8(ascii: ":")).map { String(Substring($0)) }
  }

  /// Where `ctry-NAME` is, the first on PATH; `executable` false when it exists but cannot run.
  package func locate(_ name: String) -> (path: String, executable: Bool)? {
    guard !name.isEmpty, !name.contains("/") else { return nil }
    var found: String?
    for directory in searchPath {
      let candidate = "\(directory)/\(Self.prefix)\(name)"
      var isDirectory = false
      guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory else {
        continue
      }
      if FileManager.default.isExecutableFile(atPath: candidate) { return (candidate, true) }
      if found == nil { found = candidate }
    }
    return found.map { ($0, false) }
  }

  /// The names of every plugin on PATH, sorted.
  package func names() -> [String] {
    var names = Set<String>()
    for directory in searchPath {
      guard let entries = try? SystemCall.directoryEntries(directory) else { continue }
      for entry in entries where entry.hasPrefix(Self.prefix) && entry.count > Self.prefix.count {
        if FileManager.default.isExecutableFile(atPath: "\(directory)/\(entry)") {
          names.insert(String(entry.dropFirst(Self.prefix.count)))
        }
      }
    }
    return names.sorted()
  }
}
