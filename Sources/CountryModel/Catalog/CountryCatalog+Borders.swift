/// A country reached over land borders, and how many crossings it takes.
public struct Neighbour: Sendable {
  public let country: Country
  public let distance: Int
}

extension CountryCatalog {
  /// Direct land neighbours of `country`, sorted by name.
  public func neighbours(of country: Country) -> [Country] {
    guard let position = position(of: country) else { return [] }
    return index.adjacency[position].map { countries[$0] }
  }

  /// Every country within `depth` land crossings of `country` (breadth-first), nearest first, then by name.
  public func neighbours(of country: Country, depth: Int) -> [Neighbour] {
    guard let start = position(of: country), depth > 0 else { return [] }
    var distance: [Int: Int] = [start: 0]
    var frontier = [start]
    var result: [Neighbour] = []
    for level in 1...depth {
      var next: [Int] = []
      for position in frontier {
        for neighbour in index.adjacency[position] where distance[neighbour] == nil {
          distance[neighbour] = level
          next.append(neighbour)
        }
      }
      next.sort()
      result += next.map { Neighbour(country: countries[$0], distance: level) }
      frontier = next
      if frontier.isEmpty { break }
    }
    return result
  }
}
