import CtryTestSupport
import Foundation
import Testing

@Suite struct DealCommandTests {
  @Test func seedIsReproducible() async {
    let shell = TestShell(format: .plain)
    let first = await shell.run("deal --seed 42")
    let second = await shell.run("deal --seed 42")
    #expect(first.out == second.out && !first.out.isEmpty)
    var seen = Set<String>()
    for seed in 1...20 { seen.insert(await shell.run("deal --seed \(seed)").out) }
    #expect(seen.count > 10, "different seeds deal different countries")
  }

  /// A random deal shows its seed, and `--seed` with it deals the same card again.
  @Test func printsItsSeedSoTheCardCanBeReplayed() async {
    let shell = TestShell(format: .plain)
    let dealt = await shell.run("deal")
    #expect(dealt.status == 0 && dealt.err.isEmpty, "\(dealt.err)")
    #expect(dealt.out.hasSuffix("\nSeed: 7 (deal --seed 7 deals it again)\n"), "\(dealt.out)")
    #expect(await shell.run("deal --seed 7").out == dealt.out)
    let csv = await TestShell(format: .csv).run("deal --seed 42")
    #expect(csv.out.hasSuffix("\r\nseed,42\r\n"), "\(csv.out)")
    let json = await TestShell(format: .json).run("deal --seed 42").out
    let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?["seed"] as? Int == 42, "JSON has the seed as CSV does: \(json)")
  }

  @Test func regionLimitsThePool() async {
    for seed in 1...10 {
      let result = await TestShell(format: .plain).run("deal --seed \(seed) --region Oceania")
      #expect(result.out.contains("Region: Oceania"), "\(result.out)")
    }
  }
}
