import CtryTestSupport
import Foundation
import Testing

@Suite struct CurrenciesCommandTests {
  @Test func everyCurrency() async {
    let result = await TestShell(format: .csv).run("currencies")
    #expect(result.out.hasPrefix("code,name,symbol,countries\r\n"))
    #expect(result.out.contains("EGP,Egyptian pound,"))
  }

  @Test func aCountrysCurrencies() async {
    let result = await TestShell(format: .plain).run("currencies Egypt")
    #expect(result.out.hasPrefix("EGP\tEgyptian pound\t"))
  }

  @Test func usersOfACurrencyByCodeOrName() async {
    let byCode = await TestShell(format: .plain).run("currencies EUR")
    let byName = await TestShell(format: .plain).run("currencies euro")
    #expect(byCode.out.contains("Germany\tEUR\n") && byCode.out.contains("France\tEUR\n"))
    #expect(byCode.out == byName.out)
    #expect(await TestShell(format: .plain).run("currencies usa").out.hasPrefix("USD\t"))
  }

  /// Symbols in scripts with combining marks (LKR රු., NPR नेरू, MVR ރ.) take the columns a terminal
  /// gives them: every row is as wide as the header, and each column starts where the header's does.
  @Test func columnsLineUpInDisplayWidth() async {
    let lines = await TestShell().run("currencies").out.split(separator: "\n")
    let header = lines[0]
    let width = TerminalWidth.of(header)
    let starts = TerminalWidth.cellStarts(header)
    #expect(lines.contains { $0.hasPrefix("LKR") } && lines.contains { $0.hasPrefix("NPR") })
    for row in lines.dropFirst(2) {
      #expect(TerminalWidth.of(row) == width, "\(row): \(TerminalWidth.of(row)) columns, the header \(width)")
      let rowStarts = TerminalWidth.cellStarts(row)
      // A row without a symbol has no third cell to start.
      if rowStarts.count == starts.count { #expect(rowStarts.prefix(2) == starts.prefix(2), "\(row)") }
    }
  }

  /// A list of the users of several currencies says which one each country uses, in every format.
  @Test func usersOfSeveralCurrenciesNameTheirCodes() async throws {
    let plain = await TestShell(format: .plain).run("currencies dollar")
    #expect(plain.out.contains("Australia\tAUD\n") && plain.out.contains("Canada\tCAD\n"), "\(plain.out)")
    let table = await TestShell().run("currencies franc").out.split(separator: "\n")
    #expect(table.contains { $0.contains("Switzerland") && $0.contains("CHF") }, "\(table)")
    #expect(table.contains { $0.contains("Currency") && $0.contains("Name") }, "the column has a heading")
    let csv = await TestShell(format: .csv).run("currencies dollar").out.components(separatedBy: "\r\n")
    #expect(csv[0] == "cca2,cca3,name,currency,capital,region,population,flag", "\(csv[0])")
    #expect(csv.contains { $0.hasPrefix("AU,AUS,Australia,AUD,") })
    let json = await TestShell(format: .json).run("currencies dollar")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    let australia = try #require(objects.first { ($0["cca3"] as? String) == "AUS" })
    #expect(australia["currency"] as? String == "AUD")
  }

  @Test func unknown() async {
    let result = await TestShell().run("currencies zzzzzz")
    #expect(result.status == 1)
    #expect(result.err.hasPrefix("no currency or country matches 'zzzzzz'"), "\(result.err)")
  }
}
