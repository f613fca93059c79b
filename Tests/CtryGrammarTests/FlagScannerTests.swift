import CtryGrammar
import Testing

/// The one reading of words against flags: strict for binding, lenient (`locate`) for completion.
@Suite struct FlagScannerTests {
  static let region = FlagSpec("region", .region, valueName: "R", "r")
  static let live = FlagSpec.switch("live", "l")
  static let command = FlagSpec("c", short: "c", .text, valueName: "COMMAND", "c")
  static let help = FlagSpec.switch("help", short: "h", "h")
  let scanner = FlagScanner(flags: [region, live, help])

  @Test func readsEverySpellingOfAFlag() throws {
    #expect(
      try scanner.scan(["egypt", "--region=Africa", "--live", "-h", "-5", "-", "--", "--live"]) == [
        .word("egypt", index: 0), .flag(Self.region, written: "--region", value: "Africa"),
        .flag(Self.live, written: "--live", value: nil), .flag(Self.help, written: "-h", value: nil),
        .word("-5", index: 4), .word("-", index: 5), .word("--live", index: 7),
      ])
    var short = Self.command
    short.shortOnly = true
    let program = FlagScanner(flags: [short, Self.live], passesWordsThrough: true)
    #expect(
      try program.scan(["-cdetails Egypt", "-c", "help", "search", "--live"]) == [
        .flag(short, written: "-c", value: "details Egypt"), .flag(short, written: "-c", value: "help"),
        .word("search", index: 3), .word("--live", index: 4),
      ])
    #expect(throws: FlagScanner.Mistake.unknown(word: "--c", name: "c")) { try program.scan(["--c", "x"]) }
  }

  @Test func mistakes() {
    #expect(throws: FlagScanner.Mistake.unknown(word: "--reg=x", name: "reg")) { try scanner.scan(["--reg=x"]) }
    #expect(throws: FlagScanner.Mistake.unknown(word: "-hx", name: "hx")) { try scanner.scan(["-hx"]) }
    #expect(throws: FlagScanner.Mistake.missingValue(Self.region, written: "--region")) {
      try scanner.scan(["--region"])
    }
    #expect(throws: FlagScanner.Mistake.unexpectedValue(Self.live, written: "--live", word: "--live=1")) {
      try scanner.scan(["--live=1"])
    }
  }

  @Test func locatesTheCursor() {
    #expect(scanner.locate(["--region", "Eu"]).cursor == .flagValue(Self.region, typed: "Eu", prefix: 0))
    #expect(scanner.locate(["--region=Eu"]).cursor == .flagValue(Self.region, typed: "Eu", prefix: 9))
    #expect(scanner.locate(["x", "--re"]).cursor == .flagName(typed: "--re"))
    #expect(scanner.locate(["-"]).cursor == .flagName(typed: "-"))
    let after = scanner.locate(["--bogus", "united", "--live", "k"])
    #expect(after.cursor == .word(typed: "k") && after.words == [1] && after.wordsBeforeLastFlag == 1)
    #expect(scanner.locate(["--", "--re"]).cursor == .word(typed: "--re"))
    #expect(scanner.locate([""]).cursor == .word(typed: ""))
  }
}
