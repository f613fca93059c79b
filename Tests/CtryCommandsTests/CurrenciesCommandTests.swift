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
    #expect(byCode.out.contains("Germany\n") && byCode.out.contains("France\n"))
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

  @Test func unknown() async {
    let result = await TestShell().run("currencies zzzzzz")
    #expect(result.status == 1)
    #expect(result.err.hasPrefix("no currency or country matches 'zzzzzz'"), "\(result.err)")
  }
}
