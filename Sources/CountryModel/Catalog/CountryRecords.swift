import Synchronization

/// Where a catalog's records come from: an array in memory, or the snapshot database, one record at a
/// time on first read.
package final class CountryRecords: Sendable {
  /// A source of records by position (the snapshot's `country` table).
  package protocol Source: Sendable {
    func record(at position: Int) -> Country
    func allRecords() -> [Country]
  }

  package let count: Int
  private let storage: Storage
  private let loaded = Mutex(Loaded())

  private enum Storage: Sendable {
    case memory([Country])
    case source(any Source)
  }

  private struct Loaded {
    var all: [Country]?
    var some: [Int: Country] = [:]
  }

  package init(_ countries: [Country]) {
    count = countries.count
    storage = .memory(countries)
  }

  package init(count: Int, source: any Source) {
    self.count = count
    storage = .source(source)
  }

  subscript(position: Int) -> Country {
    switch storage {
    case .memory(let countries):
      return countries[position]
    case .source(let source):
      if let cached = loaded.withLock({ $0.all?[position] ?? $0.some[position] }) { return cached }
      let record = source.record(at: position)
      loaded.withLock { $0.some[position] = record }
      return record
    }
  }

  /// Every record, decoded once.
  package var all: [Country] {
    switch storage {
    case .memory(let countries):
      return countries
    case .source(let source):
      if let all = loaded.withLock({ $0.all }) { return all }
      let all = source.allRecords()
      loaded.withLock {
        $0.all = all
        $0.some = [:]
      }
      return all
    }
  }

  /// How many records have been decoded so far (all of them for a catalog over an array).
  var decodedCount: Int {
    guard case .source = storage else { return count }
    return loaded.withLock { $0.all?.count ?? $0.some.count }
  }
}
