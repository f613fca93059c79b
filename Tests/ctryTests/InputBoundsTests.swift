import CtryTestSupport
import Foundation
import Testing

/// What a script or a command line can make ctry hold (a word or a variable at most
/// 64 KiB, a line at most 1 MiB, before and after expansion, variables and aliases together 64 MiB),
/// what defining many costs, and errors that echo what was typed
/// show at most its start.
@Suite(.ownThread) struct InputBoundsTests {
  let directory = TestPaths.preparedDirectory()

  func script(_ text: String) throws -> String {
    let path = "\(directory)/bounds.ctry"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func ctry(_ arguments: [String]) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(["--data-dir", directory] + arguments)
  }

  /// One line on stderr, short enough to read.
  func isOneShortLine(_ text: String) -> Bool {
    text.split(separator: "\n").count == 1 && text.utf8.count < 300
  }

  @Test func aVariableDoubledOnEveryLineStopsAt64KiB() throws {
    // x, then 2, 4, … bytes: the 17th doubling (line 18) would make 128 KiB.
    let path = try script("set a x\n" + String(repeating: "set a ${a}${a}\n", count: 20) + "echo done\n")
    let result = try ctry([path])
    #expect(result.status == 2)
    #expect(result.out.isEmpty, "stopped before 'echo done'")
    #expect(result.err.hasPrefix("\(path):18: a word of 131072 bytes"), "\(result.err)")
    #expect(result.err.contains("64 KiB"), "\(result.err)")
    #expect(isOneShortLine(result.err), "\(result.err)")
  }

  /// Many variables of the largest size stop at the bound for all of them together, in one line:
  /// about a thousand of 64 KB.
  @Test func variablesAndAliasesTogetherStopAt64MiB() throws {
    let lines = (0..<1100).map { "set v\($0) ${x}\n" }.joined()
    let path = try script("set x \(String(repeating: "x", count: 65_000))\n" + lines + "echo not reached\n")
    let result = try ctry([path])
    #expect(result.status == 2)
    let suffix = ": variables and aliases hold at most 64 MiB together — use fewer or shorter ones\n"
    #expect(result.err.hasPrefix("\(path):") && result.err.hasSuffix(suffix), "\(result.err)")
    let line = Int(result.err.dropFirst(path.count + 1).prefix { $0.isNumber }) ?? 0
    #expect((1000...1040).contains(line), "stopped at line \(line)")
    #expect(isOneShortLine(result.err) && result.out.isEmpty)
  }

  /// Defining an alias or a variable costs the same however many there are: 100,000 of each define
  /// in one script and are all there at its end. (The hang guard is far above what it takes.)
  @Test func aHundredThousandAliasesAndVariablesDefineInOneScript() throws {
    let definitions = (0..<100_000).map { "alias a\($0) = details Egypt\nset v\($0) \($0)\n" }.joined()
    let path = try script(definitions + "set format plain\nalias a99999\necho ${v99999}\na12345\n")
    let result = try ProcessRunner.ctry(["--data-dir", directory, path], timeout: .seconds(300))
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("alias a99999 = details Egypt\n99999\n"), "\(result.out.prefix(200))")
    #expect(result.out.contains("Capital: Cairo"))
  }

  @Test func aValueOfSeveralWordsIsBoundedToo() throws {
    let word = String(repeating: "b", count: 40_000)
    let result = try ctry([try script("set a \(word)\nset b ${a} ${a}\necho done\n")])
    #expect(result.status == 2)
    #expect(result.err.contains(":2: a variable holds at most 64 KiB, got 80001 bytes"), "\(result.err)")
  }

  @Test func aLongWordIsRefusedWithOneShortLine() throws {
    let word = String(repeating: "a", count: 100_000)
    for arguments in [[try script("details \(word)\n")], ["details", word], ["-c", "details \(word)"]] {
      let result = try ctry(arguments)
      #expect(result.status == 2, "\(arguments.first ?? "")")
      #expect(result.err.contains("a word of 100000 bytes ('aaaa"), "\(result.err.prefix(300))")
      #expect(isOneShortLine(result.err), "\(result.err.prefix(300))")
    }
  }

  @Test func aLongLineIsRefusedBeforeAndAfterExpansion() throws {
    let word = String(repeating: "c", count: 50_000)
    let long = try ctry([try script("echo " + Array(repeating: word, count: 40).joined(separator: " ") + "\n")])
    #expect(long.status == 2)
    #expect(long.out.isEmpty)
    #expect(
      long.err.contains(":1: a line of 2000044 bytes is longer than the 1 MiB allowed"), "\(long.err.prefix(300))")
    #expect(isOneShortLine(long.err), "\(long.err.prefix(300))")
    let expanded = try ctry([
      try script("set a \(word)\necho " + String(repeating: "${a} ", count: 40) + "\n")
    ])
    #expect(expanded.status == 2)
    #expect(expanded.out.isEmpty)
    #expect(expanded.err.contains(":2: the line expands to more than the 1 MiB allowed"), "\(expanded.err.prefix(300))")
    #expect(isOneShortLine(expanded.err), "\(expanded.err.prefix(300))")
  }

  @Test func anErrorShowsOnlyTheStartOfWhatWasTyped() throws {
    let name = String(repeating: "a", count: 60_000)
    let result = try ctry(["details", name])
    #expect(result.status == 1)
    #expect(
      result.err.hasPrefix("unknown country '\(String(repeating: "a", count: 60))…'"), "\(result.err.prefix(300))")
    #expect(isOneShortLine(result.err), "\(result.err.prefix(300))")
  }
}
