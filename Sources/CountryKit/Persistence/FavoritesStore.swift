#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The user's favorite countries (at most five, by cca3), kept in `favorites.json`.
///
/// Each change re-reads the file, so two shells don't undo each other's edits, and is written
/// atomically. A file that does not parse is moved aside with a warning and never overwritten.
public actor FavoritesStore {
  public static let limit = 5

  public let path: String
  /// Warnings produced while reading (a quarantined file), drained by the caller.
  private var pendingWarnings: [String] = []

  public init(path: String) {
    self.path = path
  }

  private struct File: Codable {
    var version = 1
    var favorites: [String]
  }

  /// The favorites, in the order they were added.
  public func list() throws(CtryError) -> [String] {
    guard let data = try AtomicFile.read(path) else { return [] }
    if let file = try? JSONDecoder().decode(File.self, from: data) { return file.favorites }
    let moved = AtomicFile.quarantine(path)
    pendingWarnings.append(
      "warning: \(path) could not be read; moved it to \(moved ?? "a .corrupt file") and started with no favorites")
    return []
  }

  /// Adds `codes` (already resolved cca3 codes) and returns the ones that were already there.
  /// Nothing changes when the result would hold more than `limit`.
  public func add(_ codes: [String]) throws(CtryError) -> (added: [String], duplicates: [String]) {
    var current = try list()
    var added: [String] = []
    var duplicates: [String] = []
    for code in codes {
      if current.contains(code) || added.contains(code) {
        duplicates.append(code)
      } else {
        added.append(code)
      }
    }
    guard current.count + added.count <= Self.limit else {
      throw CtryError.refused(
        "favorites are limited to \(Self.limit) (you have \(current.count), adding \(added.count) would make \(current.count + added.count)); nothing was changed",
        hint: "remove one first with 'favorites remove COUNTRY'")
    }
    if !added.isEmpty {
      current += added
      try save(current)
    }
    return (added, duplicates)
  }

  /// Removes one favorite; throws when it isn't one.
  public func remove(_ code: String) throws(CtryError) {
    var current = try list()
    guard let index = current.firstIndex(of: code) else {
      throw CtryError.notFound("\(code) is not among your favorites", hint: "see 'favorites list'")
    }
    current.remove(at: index)
    try save(current)
  }

  /// Removes every favorite and returns how many there were.
  @discardableResult
  public func clear() throws(CtryError) -> Int {
    let current = try list()
    if !current.isEmpty { try save([]) }
    return current.count
  }

  /// Warnings gathered since the last call.
  public func drainWarnings() -> [String] {
    defer { pendingWarnings = [] }
    return pendingWarnings
  }

  private func save(_ favorites: [String]) throws(CtryError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    guard let data = try? encoder.encode(File(favorites: favorites)) else {
      throw CtryError(.io, "cannot encode favorites")
    }
    try AtomicFile.write(data + Data("\n".utf8), to: path)
  }
}
