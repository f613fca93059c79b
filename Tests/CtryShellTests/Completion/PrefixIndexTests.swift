import CountryModel
import CtryCommands
import CtryShell
import CtryTestSupport
import Foundation
import Testing

@Suite struct PrefixIndexTests {
  @Test func lookupIsSubLinearOn100kNames() {
    var entries: [(match: String, offer: String)] = []
    entries.reserveCapacity(100_000)
    for number in 0..<100_000 {
      let name = "Name\(String(number, radix: 36)) Land"
      entries.append((name, name))
    }
    entries.append(("Ångström Isle", "Ångström Isle"))
    let index = PrefixIndex(entries)
    #expect(index.count == 100_001)
    let hit = index.lookup("angstrom")
    #expect(hit.matches == ["Ångström Isle"])
    #expect(hit.inspected < 40, "binary search: about log2(100k) = 17 probes, got \(hit.inspected)")
    let many = index.lookup("namezz")
    #expect(many.matches.count == 36 + 1 || many.matches.count > 0)
    #expect(many.inspected < 17 + many.matches.count + 5)
    #expect(index.lookup("zzz").matches.isEmpty)
  }

  @Test func keepsTheFirstOfNamesThatFoldAlike() {
    let index = PrefixIndex([("Côte d'Ivoire", "Côte d'Ivoire"), ("Cote d'Ivoire", "Cote d'Ivoire")])
    #expect(index.lookup("cote").matches == ["Côte d'Ivoire"])
  }
}
