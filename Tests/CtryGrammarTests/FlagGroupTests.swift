import CtryGrammar
import Testing

@Suite struct FlagGroupTests {
  enum Shape: String, Sendable, CaseIterable { case round, square }

  struct Flags: FlagGroup {
    let limit = FlagKey<Int>.integer("limit", valueName: "N", "at most N")
    let note = "not a flag"
    let live = FlagKey<Bool>.switch("live", "ask the server")
    let shape = FlagKey<Shape>.choice("shape", valueName: "S", "the shape")
    let capital = FlagKey<String>.option("capital", .text, valueName: "C", "capital contains C")
    let member = FlagKey<[String]>.repeatable("member", .choice(["eu", "un"]), valueName: "ORG", "member of ORG")
  }

  @Test func specsFollowTheKeysInDeclarationOrder() {
    #expect(
      Flags.made().specs == [
        FlagSpec("limit", .integer, valueName: "N", "at most N"),
        .switch("live", "ask the server"),
        FlagSpec("shape", .choice(["round", "square"]), valueName: "S", "the shape"),
        FlagSpec("capital", .text, valueName: "C", "capital contains C"),
        FlagSpec("member", .choice(["eu", "un"]), valueName: "ORG", "member of ORG"),
      ])
  }

  @Test func aGroupMadeInsideAnotherKeepsItsOwnFlags() {
    struct Outer: FlagGroup {
      let first = FlagKey<Bool>.switch("first", "one")
      let inner = FlagGroupTests.Flags.made().specs.count
      let last = FlagKey<Bool>.switch("last", "two")
    }
    let made = Outer.made()
    #expect(made.specs.map(\.name) == ["first", "last"])
    #expect(made.keys.inner == 5)
  }

  @Test func aFlagNamedByItsLetterIsSpeltOnlyWithIt() {
    #expect(FlagSpec("c", short: "c", .text, "command").shortOnly)
    #expect(!FlagSpec("help", short: "h", nil, "help").shortOnly)
  }

  @Test func aGroupMadeInAnotherAddsItsFlagsInPlace() {
    struct Outer: FlagGroup {
      let first = FlagKey<Bool>.switch("first", "one")
      let output = OutputFlags()
      let last = FlagKey<Bool>.switch("last", "two")
    }
    #expect(Outer.made().specs.map(\.name) == ["first", "format", "json", "no-color", "lang", "last"])
    #expect(Outer.made().specs[1...4] == OutputFlags.made().specs[...])
  }

  @Test func globalFlagsKeepTheirNamesAndOrder() {
    #expect(ArgumentBinder.globalFlags.map(\.name) == ["format", "json", "no-color", "lang", "help"])
    #expect(ArgumentBinder.globalFlags.first?.value == .choice(["table", "json", "csv", "plain"]))
  }
}
