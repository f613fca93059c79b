import CountryModel
import CtryShell
import CtryTestSupport
import Foundation
import Testing

@testable import CtryCommands

/// The table of facts (`Facts.all`) is what the card, the list columns, CSV, JSON and `search`'s
/// flags and sort keys are made from: each declared fact shows in each of them as declared.
@Suite struct FactsTests {
  /// A country of the bundled data that has a value for `fact`, if any has (some facts come only
  /// with v5's data).
  static func holder(of fact: Fact) -> String? {
    let catalog = TestData.catalog
    return catalog.countries.first { fact.value($0, catalog) != .empty }?.cca3
  }

  private func json(_ line: String) async throws -> Any {
    let result = await TestShell(format: .json).run(line)
    #expect(result.status == 0, "\(line): \(result.err)")
    return try JSONSerialization.jsonObject(with: Data(result.out.utf8))
  }

  /// Every fact with a place on the card is given to programs under its key, by the card of a country
  /// that has it; and a fact with a line of its own shows its label to people.
  @Test func everyFactOnTheCardHasItsKeyAndLabel() async {
    for fact in Facts.all {
      if case .none = fact.line { continue }
      guard let code = Self.holder(of: fact) else { continue }
      let csv = await TestShell(format: .csv).run("details \(code)")
      #expect(csv.status == 0, "\(code): \(csv.err)")
      let keys = csv.out.components(separatedBy: "\r\n").dropFirst().map { String($0.prefix { $0 != "," }) }
      #expect(keys.contains(fact.key), "\(fact.key) is not on the card of \(code)")
      if case .plain = fact.line {
        let plain = await TestShell(format: .plain).run("details \(code)")
        #expect(plain.out.contains("\n\(fact.label): "), "\(fact.label) is not on the card of \(code)")
      }
    }
  }

  /// Every fact is a column, under its key, in every format.
  @Test func everyFactIsAColumnInEveryFormat() async throws {
    let keys = Facts.all.map(\.key)
    let line = "search --columns \(keys.joined(separator: ",")) --region Americas"
    let csv = await TestShell(format: .csv).run(line)
    #expect(csv.out.components(separatedBy: "\r\n").first == keys.joined(separator: ","))
    let objects = try #require(try await json(line) as? [[String: Any]])
    #expect(objects.count > 40)
    #expect(objects.allSatisfy { Set($0.keys) == Set(keys) })
    let table = await TestShell(width: 2000).run(line)
    let heading = String(table.out.prefix { $0 != "\n" })
    for fact in Facts.all where !fact.heading.isEmpty { #expect(heading.contains(fact.heading), "\(fact.heading)") }
    let plain = await TestShell(format: .plain).run(line)
    #expect(
      plain.out.split(separator: "\n").allSatisfy {
        $0.split(separator: "\t", omittingEmptySubsequences: false).count == keys.count
      })
  }

  /// A fact's `json` names the member of the v3.1 object that holds it.
  @Test func everyJSONNameIsAMemberOfTheRecord() async throws {
    var records: [[String: Any]] = []
    for fact in Facts.all {
      guard fact.json != nil, let code = Self.holder(of: fact) else { continue }
      records.append(try #require(try await json("details \(code)") as? [String: Any]))
    }
    for fact in Facts.all {
      guard let path = fact.json, Self.holder(of: fact) != nil else { continue }
      let found = records.contains { record in
        var value: Any? = record
        for part in path.split(separator: ".") { value = (value as? [String: Any])?[String(part)] }
        return value != nil && !(value is NSNull)
      }
      #expect(found, "\(fact.key): no record has \(path)")
    }
  }

  /// Each sort key orders the list by its fact and shows its column; `-KEY` the other way round.
  @Test func everySortKeySortsAndShowsItsColumn() async {
    for fact in Facts.all where fact.sort != nil {
      for key in [fact.key, "-" + fact.key] {
        let csv = await TestShell(format: .csv).run("search --region Europe --sort \(key)")
        let lines = csv.out.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let header = lines[0].split(separator: ",").map(String.init)
        let column = header.firstIndex(of: fact.key)
        #expect(column != nil, "--sort \(key): \(lines[0])")
        guard let column else { continue }
        // A quoted field may hold commas (the Netherlands' capitals, "Amsterdam, The Hague").
        let values = lines.dropFirst().map(Self.csvFields)
          .filter { column < $0.count && !$0[column].isEmpty }.map { $0[column] }
        #expect(values.count > 40, "--sort \(key)")
        let largestFirst = !key.hasPrefix("-")
        if fact.kind.isNumeric {
          let numbers = values.compactMap(Double.init)
          #expect(numbers == numbers.sorted(by: largestFirst ? (>) : (<)), "--sort \(key)")
        } else {
          let folded = values.map(TextFolding.fold)
          #expect(((folded.first ?? "") < (folded.last ?? "")) == largestFirst, "--sort \(key)")
        }
      }
    }
  }

  /// Each fact that filters is a flag of `search`, in its help and offered by completion.
  @Test func everyFilterIsASearchFlag() async {
    let help = await TestShell().run("help search").out
    let completer = Completer(registry: BuiltinCommands.registry(), catalog: TestData.catalog)
    let offered = completer.complete("search --").candidates
    for fact in Facts.all {
      guard let filter = fact.filter else { continue }
      #expect(help.contains("--\(filter.flag)"), "\(filter.flag)")
      #expect(offered.contains("--\(filter.flag)"), "\(filter.flag)")
    }
  }

  /// The CIA World Factbook's figures, each with its year: on the card, for programs apart, as
  /// columns, and sorted; and the population says where it comes from.
  @Test func figuresWithTheirYear() async throws {
    let plain = await TestShell(format: .plain).run("details Germany")
    for line in [
      "Population: 84,012,284 (2025 est., CIA World Factbook)", "GDP per capita: $62,800 at PPP (2024)",
      "Life expectancy: 81.9 years (2024)", "Median age: 46.9 years (2025)",
    ] {
      #expect(plain.out.contains("\n\(line)\n"), "\(line): \(plain.out)")
    }
    let csv = await TestShell(format: .csv).run("details Germany").out
    for row in [
      "population_source,\"est., CIA World Factbook\"", "gdp_per_capita,62800", "gdp_per_capita_year,2024",
      "life_expectancy,81.9", "median_age_year,2025",
    ] {
      #expect(csv.contains("\r\n\(row)\r\n"), "\(row)")
    }
    let record = try #require(try await json("details Germany") as? [String: Any])
    #expect((record["lifeExpectancy"] as? [String: Any])?["year"] as? Int == 2024)
    #expect(record["populationSource"] as? String == "est., CIA World Factbook")
    let list = await TestShell(format: .csv).run("search --sort life_expectancy --limit 2 --columns name")
    #expect(list.out == "name,life_expectancy\r\nMonaco,89.8\r\nSingapore,86.7\r\n", "\(list.out)")
    let kosovo = await TestShell(format: .plain).run("details Kosovo")
    #expect(kosovo.out.contains("\nPopulation: 1,586,659 (2024 census, Kosovo Agency of Statistics)\n"))
  }

  /// `landlocked`, a fact of the v3.1 data: a filter, a card line, a column in CSV and JSON.
  @Test func landlocked() async throws {
    let plain = await TestShell(format: .plain).run("search --landlocked --region Americas")
    #expect(plain.status == 0, "\(plain.err)")
    #expect(plain.out == "Bolivia\nParaguay\n")
    #expect(await TestShell(format: .plain).run("details Bolivia").out.contains("\nLandlocked: yes\n"))
    #expect(await TestShell(format: .plain).run("details Chile").out.contains("\nLandlocked: no\n"))
    #expect(await TestShell(format: .csv).run("details Bolivia").out.contains("\r\nlandlocked,true\r\n"))
    let csv = await TestShell(format: .csv).run(
      "search --columns cca3,landlocked --subregion 'South America' --limit 2")
    #expect(csv.out == "cca3,landlocked\r\nARG,false\r\nBOL,true\r\n", "\(csv.out)")
    let json = await TestShell(format: .json).run("search --columns name,landlocked --landlocked --region Americas")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    #expect(objects.map { $0["name"] as? String } == ["Bolivia", "Paraguay"])
    #expect(objects.allSatisfy { $0["landlocked"] as? Bool == true })
  }

  /// The fields of one CSV line (RFC 4180: a quoted field may hold commas and doubled quotes).
  static func csvFields(_ line: String) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    var previous: Character?
    for character in line {
      switch character {
      case "\"" where quoted: quoted = false
      case "\"":
        // A doubled quote inside a quoted field is one quote.
        if previous == "\"" { field.append("\"") }
        quoted = true
      case "," where !quoted:
        fields.append(field)
        field = ""
      default: field.append(character)
      }
      previous = character
    }
    return fields + [field]
  }
}
