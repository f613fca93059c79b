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

  /// The common names of `country`'s land neighbours, sorted, read from the index: no record is decoded.
  public func neighbourNames(of country: Country) -> [String] {
    let rows = index.rows
    return neighbourPositions(of: country).map(rows.name)
  }

  /// The positions of `country`'s land neighbours, in name order.
  public func neighbourPositions(of country: Country) -> [Int] {
    position(of: country).map { index.adjacency[$0] } ?? []
  }

  /// Every country within `depth` land crossings of `country` (breadth-first), nearest first, then by name.
  public func neighbours(of country: Country, depth: Int) -> [Neighbour] {
    reached(from: country, depth: depth).map { Neighbour(country: countries[$0.position], distance: $0.distance) }
  }

  /// The positions `neighbours(of:depth:)` gives, with their crossings (nothing decoded).
  public func reached(from country: Country, depth: Int) -> [(position: Int, distance: Int)] {
    guard let start = position(of: country) else { return [] }
    return reach(from: start, depth: depth)
  }

  /// The fewest land crossings from `country` to each of `others` (0 for itself), nil where no land
  /// route joins them. One walk of the border graph, ended once every one is reached (`compare` asks
  /// for each of its countries to all the others); no record on the way is decoded.
  public func crossings(from country: Country, to others: [Country]) -> [Int?] {
    let goals = others.map(position(of:))
    guard let start = position(of: country) else { return goals.map { _ in nil } }
    let distance = distances(from: start, until: goals.compactMap { $0 })
    return goals.map { $0.flatMap { distance[$0] } }
  }

  /// The positions of the countries on a land route from `country` to `destination` with the fewest
  /// crossings, in order, both ends included (the one country when they are the same); nil where no
  /// land route joins them. Its crossings (one fewer than its countries) are `crossings(from:to:)`'s:
  /// both come from one walk of the border graph. Of the routes with as few crossings, the one whose
  /// countries come first in catalog (name) order, compared step by step from the start. No record
  /// is decoded.
  public func route(from country: Country, to destination: Country) -> [Int]? {
    guard let start = position(of: country), let goal = position(of: destination) else { return nil }
    let distance = distances(from: start, until: [goal])
    guard distance[goal] != nil else { return nil }
    let adjacency = index.adjacency
    // Steps go from one walk level to the next; a country from which the goal cannot be reached
    // that way is marked once, so the search is linear in the graph.
    var deadEnd = [Bool](repeating: false, count: adjacency.count)
    var path = [start]
    func extend(_ position: Int) -> Bool {
      if position == goal { return true }
      guard let level = distance[position] else { return false }
      for next in adjacency[position].sorted() where distance[next] == level + 1 && !deadEnd[next] {
        path.append(next)
        if extend(next) { return true }
        path.removeLast()
        deadEnd[next] = true
      }
      return false
    }
    return extend(start) ? path : nil
  }

  /// The crossings from `start` to each position it reaches (0 for itself, nil for the rest), walked
  /// until every one of `goals` is reached (to the end when none is given or one cannot be).
  private func distances(from start: Int, until goals: [Int]) -> [Int?] {
    var distance = [Int?](repeating: nil, count: index.adjacency.count)
    distance[start] = 0
    for reached in reach(from: start, depth: distance.count, until: goals) {
      distance[reached.position] = reached.distance
    }
    return distance
  }

  /// The positions within `depth` crossings of `start`, level by level, each level in catalog (name)
  /// order; when `goals` are given, the walk ends after the level that reaches the last of them.
  private func reach(from start: Int, depth: Int, until goals: [Int] = []) -> [(position: Int, distance: Int)] {
    guard depth > 0 else { return [] }
    let adjacency = index.adjacency
    // A flag per position, not a set: a walk is a few hundred steps, and hashing each was most of it.
    var reached = [Bool](repeating: false, count: adjacency.count)
    reached[start] = true
    var frontier = [start]
    var result: [(position: Int, distance: Int)] = []
    for level in 1...depth {
      var next: [Int] = []
      for position in frontier {
        for neighbour in adjacency[position] where !reached[neighbour] {
          reached[neighbour] = true
          next.append(neighbour)
        }
      }
      next.sort()
      result += next.map { ($0, level) }
      if next.isEmpty || (!goals.isEmpty && goals.allSatisfy { reached[$0] }) { break }
      frontier = next
    }
    return result
  }
}
