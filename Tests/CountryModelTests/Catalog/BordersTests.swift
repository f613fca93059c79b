import CtryTestSupport
import Testing

@Suite struct BordersTests {
  let catalog = TestData.catalog

  @Test func directNeighbours() throws {
    let germany = try #require(catalog.country(code: "DEU"))
    let names = catalog.neighbours(of: germany).map(\.cca3)
    #expect(Set(names) == ["AUT", "BEL", "CZE", "DNK", "FRA", "LUX", "NLD", "POL", "CHE"])
    let iceland = try #require(catalog.country(code: "ISL"))
    #expect(catalog.neighbours(of: iceland).isEmpty)
  }

  @Test func breadthFirstWithDistances() throws {
    let egypt = try #require(catalog.country(code: "EGY"))
    let reached = catalog.neighbours(of: egypt, depth: 2)
    let distance = Dictionary(uniqueKeysWithValues: reached.map { ($0.country.cca3, $0.distance) })
    #expect(distance["LBY"] == 1 && distance["SDN"] == 1)
    #expect(distance["TCD"] == 2, "Chad is two crossings away, through Libya or Sudan")
    #expect(distance["EGY"] == nil, "the start is not its own neighbour")
    #expect(reached.map(\.distance) == reached.map(\.distance).sorted())
  }

  @Test func depthGrowsMonotonically() throws {
    let france = try #require(catalog.country(code: "FRA"))
    let counts = (1...4).map { catalog.neighbours(of: france, depth: $0).count }
    #expect(counts == counts.sorted() && counts[3] > counts[0])
  }

  /// The fewest crossings between two countries are the distance the breadth-first walk gives, for
  /// every country reached from Egypt and from France, asked one at a time and all at once, and nil
  /// for one no land route reaches.
  @Test func crossingsAreTheWalksDistance() throws {
    for code in ["EGY", "FRA"] {
      let start = try #require(catalog.country(code: code))
      let reached = catalog.neighbours(of: start, depth: 50)
      for one in reached {
        #expect(catalog.crossings(from: start, to: [one.country]) == [one.distance], "\(one.country.cca3)")
      }
      let japan = try #require(catalog.country(code: "JPN"))
      let all = catalog.crossings(from: start, to: [start, japan] + reached.map(\.country) + [start])
      #expect(all == [0, nil] + reached.map(\.distance) + [0])
    }
  }

  /// For every pair of countries: a route exactly where `crossings` finds one, with one country more
  /// than its crossings, from one end to the other, each step a land border; and no route of as many
  /// crossings comes first in name order (each step is the first neighbour that is as close to the end).
  @Test func routesAgreeWithCrossingsForEveryPair() throws {
    let countries = Array(catalog.countries)
    let positions = countries.map { catalog.position(code: $0.cca3) }
    #expect(positions == countries.indices.map { $0 }, "the catalog is in name order")
    let crossings = countries.map { catalog.crossings(from: $0, to: countries) }
    for (start, from) in countries.enumerated() {
      for (end, to) in countries.enumerated() {
        let route = catalog.route(from: from, to: to)
        #expect(route.map { $0.count - 1 } == crossings[start][end], "\(from.cca3) → \(to.cca3)")
        guard let route else { continue }
        #expect(route.first == start && route.last == end)
        for (step, next) in zip(route, route.dropFirst()) {
          let neighbours = catalog.neighbourPositions(of: countries[step])
          #expect(neighbours.contains(next), "\(countries[step].cca3) borders the next step")
          let closest = neighbours.sorted().first { crossings[$0][end] == crossings[next][end] }
          #expect(closest == next, "\(from.cca3) → \(to.cca3): the first in name order")
          #expect(crossings[next][end].map { $0 + 1 } == crossings[step][end])
        }
      }
    }
  }
}
