#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The saved home country (`home.json`), written atomically; an unreadable file is moved aside.
public struct HomeStore: Sendable {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  private struct File: Codable {
    var version = 1
    var home: String
  }

  /// The saved cca3 code, or `nil`; `warning` is set when a corrupt file had to be moved aside.
  public func saved() throws(CtryError) -> (code: String?, warning: String?) {
    guard let data = try AtomicFile.read(path) else { return (nil, nil) }
    if let file = try? JSONDecoder().decode(File.self, from: data) { return (file.home, nil) }
    let moved = AtomicFile.quarantine(path)
    return (nil, "warning: \(path) could not be read; moved it to \(moved ?? "a .corrupt file")")
  }

  public func save(_ code: String) throws(CtryError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    guard let data = try? encoder.encode(File(home: code)) else { throw CtryError(.io, "cannot encode home") }
    try AtomicFile.write(data + Data("\n".utf8), to: path)
  }

  /// Forgets the saved choice; returns whether there was one.
  @discardableResult
  public func reset() throws(CtryError) -> Bool {
    guard FileManager.default.fileExists(atPath: path) else { return false }
    do {
      try FileManager.default.removeItem(atPath: path)
    } catch {
      throw CtryError(.io, "cannot remove \(path)", hint: "check its permissions")
    }
    return true
  }
}
