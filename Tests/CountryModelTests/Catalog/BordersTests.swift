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
}
