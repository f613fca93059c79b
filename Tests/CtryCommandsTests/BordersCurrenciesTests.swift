import CountryKit
import CtryShell
import CtryTestSupport
import Testing

@Suite struct BordersCommandTests {
  @Test func neighboursByName() async {
    let result = await TestShell(format: .plain).run("borders Germany")
    #expect(result.out.split(separator: "\n").count == 9)
    #expect(result.out.contains("France\n"))
  }

  @Test func depthShowsDistances() async {
    let result = await TestShell(format: .plain).run("borders Egypt --depth 2")
    #expect(result.out.contains("Libya\t1\n") && result.out.contains("Chad\t2\n"))
  }

  @Test func islandsSaySo() async {
    let result = await TestShell().run("borders Iceland")
    #expect(result.status == 0, "no land borders is a correct answer, not a failure")
    #expect(result.out == "Iceland has no land borders.\n")
    let plain = await TestShell(format: .plain).run("borders Japan")
    #expect(plain.status == 0)
    #expect(plain.out.isEmpty, "plain output carries data only")
    #expect(plain.err == "Japan has no land borders.\n")
    #expect(await TestShell().run("borders Iceland --depth 0").status == 2)
  }
}

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

  @Test func unknown() async {
    let result = await TestShell().run("currencies zzzzzz")
    #expect(result.status == 1)
    #expect(result.err.hasPrefix("no currency or country matches 'zzzzzz'"), "\(result.err)")
  }
}
