import CtryTestSupport
import Testing

/// Output flags on a command: two that ask for different formats are a usage error, in whichever order.
@Suite struct OutputFlagsTests {
  @Test(arguments: [
    ("details Egypt --json --format csv", "--json and --format csv"),
    ("details Egypt --format csv --json", "--format csv and --json"),
    ("search --format plain --limit 1 --format table", "--format plain and --format table"),
    ("status --format=json --format=csv", "--format json and --format csv"),
  ])
  func conflictingFormatsAreAUsageError(_ line: String, _ named: String) async {
    let result = await TestShell().run(line)
    #expect(result.status == 2)
    #expect(result.out.isEmpty)
    #expect(result.err == "conflicting output formats: \(named) — give one\n", "\(result.err)")
  }

  @Test(arguments: ["--json --json", "--format csv --format csv", "--json --format json", "--format json --json"])
  func theSameFormatTwiceIsFine(_ flags: String) async {
    let result = await TestShell().run("details Egypt \(flags)")
    #expect(result.status == 0, "\(result.err)")
    #expect(!result.out.isEmpty)
  }

  /// A format that is none of the choices, with none close to it, is one line that names the choices
  /// and ends with a hint.
  @Test func anUnknownFormatNamesTheChoicesAndTheUsage() async {
    let result = await TestShell().run("details Egypt --format xml")
    #expect(result.status == 2 && result.out.isEmpty)
    #expect(
      result.err == "--format must be one of table, json, csv, plain, got 'xml' — usage: details COUNTRY [--live]\n",
      "\(result.err)")
  }
}
