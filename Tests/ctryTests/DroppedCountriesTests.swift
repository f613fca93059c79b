import CtryTestSupport
import Foundation
import Testing

/// Favorites and the home country when a refresh has dropped the countries they name: the favorites
/// are still listed, counted and removable, and with no Egypt to fall back on, `home` and `favorites`
/// still answer.
@Suite(.ownThread, .serialized, .tags(.network, .slow)) struct DroppedCountriesTests {
  let directory = TestPaths.temporaryDirectory()

  func ctry(_ arguments: String...) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(
      ["--data-dir", directory] + arguments, environment: ["TZ": "UTC"], directory: directory)
  }

  /// Refreshes from a server whose data lacks `codes` (and the borders to them).
  func refresh(without codes: Set<String>) throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    let all = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let kept = all.filter { !codes.contains($0["cca3"] as? String ?? "") }.map { record in
      var record = record
      if let borders = record["borders"] as? [String] { record["borders"] = borders.filter { !codes.contains($0) } }
      return record
    }
    let server = try FakeRestCountriesServer(v31Records: try JSONSerialization.data(withJSONObject: kept))
    defer { server.stop() }
    let result = try ctry("--api", "\(server.baseURL)/v3.1", "refresh", "--force")
    #expect(result.status == 0, "\(result.err)")
  }

  @Test func aFavoriteARefreshDroppedIsListedCountedAndRemovable() throws {
    #expect(try ctry("favorites", "add", "Peru", "Japan", "Chile", "Kenya", "Fiji").status == 0)
    try refresh(without: ["PER"])
    let list = try ctry("--format", "plain", "favorites")
    #expect(list.status == 0, "\(list.err)")
    #expect(list.out == "Japan\nChile\nKenya\nFiji\n", "\(list.out)")
    #expect(
      list.err == "PER, a favorite, is not in the current data: 'favorites remove PER' removes it\n", "\(list.err)")
    let table = try ctry("favorites")
    #expect(table.out.contains("Favorites (5/5)"), "\(table.out)")
    let full = try ctry("favorites", "add", "Egypt")
    #expect(full.status == 1 && full.err.contains("you have 5"), "\(full.err)")
    let removed = try ctry("favorites", "remove", "per", "--yes")
    #expect(removed.status == 0 && removed.out == "Removed PER (4/5).\n", "\(removed.out)\(removed.err)")
    #expect(try ctry("favorites", "add", "Egypt").status == 0)
  }

  /// A stored favorite is its cca3 alone: with Brunei (BRN) dropped, Bahrain, whose IOC code is BRN,
  /// does not stand in for it.
  @Test func aDroppedFavoriteIsNotAnotherCountryWhoseOtherCodeReadsTheSame() throws {
    #expect(try ctry("favorites", "add", "Brunei").status == 0)
    try refresh(without: ["BRN"])
    let list = try ctry("--format", "plain", "favorites")
    #expect(list.out.isEmpty && list.err.contains("BRN, a favorite, is not in the current data"), "\(list.out)")
    #expect(try ctry("favorites", "remove", "BRN", "--yes").out == "Removed BRN (0/5).\n")
  }

  @Test func withoutEgyptHomeAndFavoritesStillAnswer() throws {
    try refresh(without: ["EGY"])
    let favorites = try ctry("favorites")
    #expect(favorites.status == 0, "\(favorites.err)")
    #expect(favorites.out.contains("No favorites yet"), "\(favorites.out)")
    let line =
      "no home country: the current data has none of the saved, the inferred and the fallback (Egypt); "
      + "choose one with 'home COUNTRY'\n"
    for format in ["table", "json", "csv", "plain"] {
      let home = try ctry("--format", format, "home")
      #expect(home.status == 0 && home.out.isEmpty && home.err == line, "\(format): \(home.out)\(home.err)")
    }
    #expect(try ctry("home", "Japan").status == 0)
    #expect(try ctry("--format", "plain", "home").out.contains("Japan"))
  }
}
