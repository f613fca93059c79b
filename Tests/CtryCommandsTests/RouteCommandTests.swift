import CtryCommands
import CtryShell
import CtryTestSupport
import Foundation
import Testing

/// `route`: the countries on a land route with the fewest crossings.
@Suite struct RouteCommandTests {
  @Test func aKnownRouteOneCountryALine() async {
    let result = await TestShell(format: .plain).run("route Portugal Germany")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "Portugal\nSpain\nFrance\nGermany\n")
    #expect(result.err.isEmpty)
  }

  /// Table, CSV and JSON carry the same facts: the step (crossings so far), the code and the name.
  @Test func everyFormatCarriesStepCodeAndName() async throws {
    let table = await TestShell().run("route Portugal Germany")
    let lines = table.out.split(separator: "\n").map(String.init)
    #expect(lines.first == "Portugal to Germany: 3 crossings", "\(lines)")
    #expect(lines.contains { $0.contains("3") && $0.contains("Germany") && $0.contains("DEU") }, "\(lines)")
    let csv = await TestShell(format: .csv).run("route Portugal Germany").out
    #expect(
      csv == "step,cca3,name\r\n0,PRT,Portugal\r\n1,ESP,Spain\r\n2,FRA,France\r\n3,DEU,Germany\r\n",
      "\(csv)")
    let json = await TestShell(format: .json).run("route Portugal Germany").out
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(objects.map { $0["cca3"] as? String } == ["PRT", "ESP", "FRA", "DEU"])
    #expect(objects.map { $0["step"] as? Int } == [0, 1, 2, 3])
    #expect(objects.map { $0["name"] as? String } == ["Portugal", "Spain", "France", "Germany"])
  }

  /// The route's crossings are compare's, for pairs across the map, near and far, one way and back.
  @Test func crossingsAgreeWithCompare() async throws {
    let codes = ["PRT", "DEU", "EGY", "ZAF", "CHN", "VNM", "RUS", "IND", "TUR", "FRA", "SGP", "BRA", "CAN", "KOR"]
    let shell = TestShell(format: .json)
    for from in codes {
      let compared = await shell.run("compare \(from) " + codes.filter { $0 != from }.joined(separator: " "))
      let cards = try #require(try JSONSerialization.jsonObject(with: Data(compared.out.utf8)) as? [[String: Any]])
      let card = try #require(cards.first { $0["cca3"] as? String == from })
      for to in codes where to != from {
        let crossings = card["crossings_to_\(to)"] as? Int
        let route = await shell.run("route \(from) \(to)")
        if let crossings {
          let steps = try #require(try JSONSerialization.jsonObject(with: Data(route.out.utf8)) as? [[String: Any]])
          #expect(steps.count == crossings + 1, "\(from) → \(to)")
          #expect(steps.first?["cca3"] as? String == from && steps.last?["cca3"] as? String == to)
        } else {
          #expect(route.status == 1 && route.out.isEmpty, "\(from) → \(to): \(route.out)")
        }
      }
    }
  }

  @Test func noLandRouteIsOneLineAndStatusOne() async {
    let result = await TestShell(format: .plain).run("route Japan France")
    #expect(result.status == 1)
    #expect(result.out.isEmpty)
    #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
    #expect(result.err.contains("no land route from Japan to France"), "\(result.err)")
    #expect(result.err.contains("Japan has no land borders"), "as borders says of islands: \(result.err)")
    let continents = await TestShell().run("route France Canada")
    #expect(continents.status == 1 && continents.err.contains("no land route from France to Canada"))
  }

  @Test func theSameCountryTwiceIsThatCountry() async {
    let plain = await TestShell(format: .plain).run("route France FRA")
    #expect(plain.status == 0 && plain.out == "France\n", "\(plain.err)")
    let table = await TestShell().run("route Iceland Iceland")
    #expect(table.status == 0 && table.out.hasPrefix("Iceland to Iceland: no crossing\n"), "\(table.out)")
  }

  @Test func viaJoinsTwoRoutes() async {
    let result = await TestShell(format: .plain).run("route Portugal Germany --via Italy")
    #expect(result.status == 0, "\(result.err)")
    let names = result.out.split(separator: "\n").map(String.init)
    #expect(names.first == "Portugal" && names.last == "Germany" && names.contains("Italy"), "\(names)")
    #expect(names == ["Portugal", "Spain", "France", "Italy", "Austria", "Germany"], "\(names)")
    let island = await TestShell().run("route Portugal Germany --via Iceland")
    #expect(island.status == 1 && island.err.contains("no land route from Portugal to Iceland"), "\(island.err)")
  }

  @Test func namesWithSpacesAndBadInput() async {
    let spaced = await TestShell(format: .plain).run("route united kingdom ireland")
    #expect(spaced.out == "United Kingdom\nIreland\n", "\(spaced.err)")
    let one = await TestShell().run("route France")
    #expect(one.status == 2 && one.err.contains("route needs two countries"), "\(one.err)")
    let three = await TestShell().run("route France Spain Italy")
    #expect(three.status == 2, "\(three.err)")
    let none = await TestShell().run("route")
    #expect(none.status == 2, "\(none.err)")
    let unknown = await TestShell().run("route France Atlantis")
    #expect(unknown.status == 1 && unknown.out.isEmpty, "\(unknown.err)")
  }

  /// Of the routes with as few crossings, the one whose steps come first alphabetically.
  @Test func tiesGoToTheAlphabeticallyFirstStep() async {
    // Spain to Germany takes two crossings, through France only; Portugal to Austria takes four:
    // Spain, France, then Germany, Italy or Switzerland: Germany comes first.
    let result = await TestShell(format: .plain).run("route Portugal Austria")
    #expect(result.out == "Portugal\nSpain\nFrance\nGermany\nAustria\n", "\(result.out)")
  }

  /// Both ends and --via complete country names; names with spaces complete as typed.
  @Test func completesCountriesInEveryPosition() {
    let completer = Completer(registry: BuiltinCommands.registry(), catalog: TestData.catalog)
    #expect(completer.complete("route Portu").candidates == ["Portugal"])
    #expect(completer.complete("route Portugal Vietn").candidates == ["Vietnam"])
    #expect(completer.complete("route united k").candidates == ["United Kingdom"])
    #expect(completer.complete("route Portugal Germany --via Ital").candidates == ["Italy"])
    #expect(completer.complete("route Portugal Germany --v").candidates == ["--via"])
  }
}
