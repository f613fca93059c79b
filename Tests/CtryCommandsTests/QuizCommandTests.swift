import CtryTestSupport
import Foundation
import Testing

/// `quiz` through the registry; its answers are read by the binary's tests (`QuizTests`), here every
/// question meets the end of input.
@Suite struct QuizCommandTests {
  /// Without --seed, the quiz draws its seed from the context's random source, as `deal` does
  /// (TestShell's gives 7).
  @Test func withoutASeedItUsesTheContextsRandomSource() async {
    let shell = TestShell(format: .plain)
    let drawn = await shell.run("quiz capitals --count 2")
    #expect(drawn.status == 0 && drawn.err.isEmpty, "\(drawn.err)")
    #expect(drawn.out == "1/2 Capital of Honduras?\nScore: 0/0\n", "\(drawn.out)")
    #expect(await shell.run("quiz capitals --count 2 --seed 7").out == drawn.out)
    var asked = Set<String>()
    for seed in 1...20 { asked.insert(await shell.run("quiz flags --seed \(seed)").out) }
    #expect(asked.count > 10, "different seeds ask about different countries")
  }

  /// Each kind asks its own question, in every format the same text.
  @Test func eachKindAsksItsQuestion() async {
    let shell = TestShell(format: .json)
    #expect(await shell.run("quiz flags --seed 7").out.hasPrefix("1/10 Which country has this flag? 🇭🇳\n"))
    #expect(await shell.run("quiz neighbours --seed 7").out.hasPrefix("1/10 A country bordering Honduras?\n"))
    #expect(await shell.run("quiz currencies --seed 7").out.hasPrefix("1/10 Currency of Honduras?\n"))
  }

  @Test func countOutOfRangeIsAUsageError() async {
    let shell = TestShell()
    let result = await shell.run("quiz capitals --count 101")
    #expect(result.status == 2 && result.out.isEmpty)
    #expect(result.err == "--count must be from 1 to 100, got 101\n")
  }
}
