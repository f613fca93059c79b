import CountryModel
import CtryCommands
import CtryShell
import CtryTestSupport
import Foundation
import Testing

/// Names from outside (a server's catalog, plugin file names on PATH, file names) that hold a
/// terminal control are never offered: not by Tab's insertion or listing, not by the entry points the
/// bash, zsh and fish scripts call.
@Suite struct HostileCandidateTests {
  /// A C0 control, ESC sequences, a C1 CSI, NUL and every kind of bidi control; "Evilness" is clean.
  static let hostileNames = [
    "Evil\u{1B}]0;pwned\u{07}One", "Evil\u{1B}[2JTwo", "Evil\u{9B}31mThree", "Evil\u{0}Four", "Evil\u{202E}Five",
    "Evil\u{2067}Six", "Evil\u{200F}Seven", "Evil\u{61C}Eight", "Evil\u{200E}Nine", "Evil\u{7F}Ten",
  ]

  let directory = TestPaths.temporaryDirectory()
  let completer: Completer
  let hostileCodes: [String]

  init() throws {
    var countries = TestData.countries
    for (index, name) in (Self.hostileNames + ["Evilness"]).enumerated() {
      countries[index].name.common = name
      countries[index].name.official = name + " Republic"
      countries[index].region = "Evil\u{1B}[2J" + (index == 0 ? "land" : "")
    }
    hostileCodes = countries.prefix(Self.hostileNames.count + 1).map(\.cca3)
    let codes = hostileCodes
    for name in ["trip\u{1B}]0;pwned\u{07}.ctry", "trip\u{202E}.ctry", "trip.ctry"] {
      #expect(FileManager.default.createFile(atPath: "\(directory)/\(name)", contents: Data()))
    }
    completer = Completer(
      registry: BuiltinCommands.registry(), catalog: CountryCatalog(countries: countries),
      extraCommands: { ["evil\u{1B}]0;pwned\u{07}", "evil\u{9B}2J", "evil\u{202E}", "evilplugin"] },
      favorites: codes, offersScripts: true)
  }

  /// No control (other than the listing's line ends) and no bidi control.
  func isClean(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0 != "\n" && VisibleEscapes.needsEscape($0) }
  }

  /// Each path with its clean answer: what Tab inserts, what a second Tab lists, what `__complete`
  /// prints and what the shells' scripts get.
  @Test func onlyCleanCandidatesOnEveryPath() {
    let lines: [(line: String, clean: [String])] = [
      ("details Evi", ["Evilness"]),
      ("compare Egypt Evi", ["Evilness"]),
      ("favorites remove Evi", ["Evilness"]),
      ("search --region Evi", []),
      ("evi", ["evilplugin"]),
      ("run \(directory)/tri", ["\(directory)/trip.ctry"]),
      ("\(directory)/tri", ["\(directory)/trip.ctry"]),
    ]
    for (line, clean) in lines {
      let completion = completer.complete(line)
      #expect(completion.candidates == clean, "\(line)")
      #expect(isClean(completion.replacement ?? ""), "\(line): Tab inserts \(completion.replacement ?? "")")
      #expect(isClean(ColumnLayout.format(completion.candidates, width: 80)), "\(line): the listing")
      let words = line.split(separator: " ").map(String.init)
      let scripted = completer.candidates(words: words)
      #expect(scripted.allSatisfy(isClean), "\(line): __complete prints \(scripted)")
      let shell = completer.shellCandidates(line: line, current: words.last ?? "")
      #expect(shell.allSatisfy(isClean), "\(line): the shells' scripts get \(shell)")
    }
  }
}
