import CtryTestSupport
import Foundation
import Testing

/// completions/: three small scripts, written by hand, that hand the line to ctry's one completion
/// entry point (`ctry __complete --shell SHELL -- …`); every shell parses its own, and the bash one
/// really completes through the built binary, as bash calls it when Tab is pressed and in a real
/// terminal.
@Suite(.ownThread) struct CompletionScriptsTests {
  static let files = ["ctry.bash": "bash", "_ctry": "zsh", "ctry.fish": "fish"]
  static var completions: String { "\(TestPaths.repository)/completions" }

  /// No generated output to patch: each script passes the line on and nothing else parses it.
  @Test func everyScriptAsksTheOneEntryPoint() throws {
    for (file, shell) in Self.files {
      let script = try String(contentsOfFile: "\(Self.completions)/\(file)", encoding: .utf8)
      let code = script.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
      #expect(
        code.contains { $0.contains("__complete --shell \(shell)") }, "completions/\(file) calls ctry __complete")
      #expect(code.count <= 8, "completions/\(file) is a small file, not generated output: \(code.count) lines")
    }
  }

  @Test func bashParsesItsScript() throws {
    let result = try ExternalTool.run("/bin/bash", ["-n", "\(Self.completions)/ctry.bash"])
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
  }

  @Test(.enabled(if: ExternalTool.find("zsh") != nil, "zsh is not installed (Scripts/setup --test installs it)"))
  func zshParsesItsScript() throws {
    let zsh = try #require(ExternalTool.find("zsh"))
    let result = try ExternalTool.run(zsh, ["-n", "\(Self.completions)/_ctry"])
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
  }

  @Test(.enabled(if: ExternalTool.find("fish") != nil, "fish is not installed (Scripts/setup --test installs it)"))
  func fishParsesItsScript() throws {
    let fish = try #require(ExternalTool.find("fish"))
    let result = try ExternalTool.run(
      fish, ["--no-config", "-n", "\(Self.completions)/ctry.fish"],
      environment: ExternalTool.isolatedEnvironment(TestPaths.preparedDirectory()))
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
  }

  /// A command line as bash hands it to the completion function: COMP_WORDS (quotes kept) and the
  /// word being completed, `$2` (quotes removed).
  struct BashCase: Sendable, CustomTestStringConvertible {
    var words: [String]
    var current: String?
    /// COMP_LINE when it is not the words joined by spaces (bash splits `--region=Eu` at the `=`).
    var line: String?
    var expected: [String]
    /// Whether bash only lists the candidates (the second Tab, COMP_TYPE 63).
    var listing = false
    var testDescription: String {
      words.joined(separator: " ") + (listing ? " (listed)" : "") + " → " + expected.joined(separator: ", ")
    }
  }

  /// The candidates for bash's current word, quoted by ctry in the style the word was begun in (bash
  /// inserts them as given, and adds the space after a unique one), or as they read when bash only
  /// lists them.
  static let bashCases: [BashCase] = [
    BashCase(words: ["ctry", "details", "Germ"], expected: ["Germany"]),
    BashCase(words: ["ctry", "search", "--region", "E"], expected: ["Europe"]),
    BashCase(
      words: ["ctry", "search", "--region", "=", "Eu"], line: "ctry search --region=Eu", expected: ["Europe"]),
    BashCase(words: ["ctry", "--format", "=", "cs"], line: "ctry --format=cs", expected: ["csv"]),
    BashCase(words: ["ctry", "det"], expected: ["details"]),
    BashCase(words: ["ctry", "--for"], expected: ["--format"]),
    BashCase(words: ["ctry", "--format", ""], expected: ["table", "json", "csv", "plain"]),
    BashCase(words: ["ctry", "--api-version", "v"], expected: ["v3.1", "v2", "v5"]),
    BashCase(words: ["ctry", "--json", "borders", "Egypt", "--dep"], expected: ["--depth"]),
    BashCase(words: ["ctry", "details", "New"], expected: [#"New\ Caledonia"#, #"New\ Zealand"#]),
    BashCase(words: ["ctry", "details", "New"], expected: ["New Caledonia", "New Zealand"], listing: true),
    BashCase(words: ["ctry", "details", "\"United K"], current: "United K", expected: ["United Kingdom"]),
    BashCase(words: ["ctry", "details", "United", "K"], expected: ["Kingdom"]),
    BashCase(words: ["ctry", "details", "bosnia", "and", "h"], expected: ["Herzegovina"]),
    BashCase(words: ["ctry", "details", "cote"], expected: [#"Côte\ d\'Ivoire"#]),
    BashCase(words: ["ctry", "details", "'cote"], current: "cote", expected: [#"Côte d'\''Ivoire"#]),
    BashCase(words: ["ctry", "details", "Egypt", "--json", ""], expected: []),
    BashCase(words: ["ctry", "tri"], expected: ["trip.ctry"]),
    BashCase(words: ["ctry", "run", "t"], expected: ["trip.ctry"]),
  ]

  /// Sources completions/ctry.bash in a non-interactive bash with the built ctry first on PATH, calls
  /// the function it registered with `complete -F` as bash would on Tab, and prints COMPREPLY. The
  /// function runs ctry itself (`ctry __complete --shell bash …`): nothing but the candidates
  /// may reach stdout, nothing at all stderr.
  @Test(arguments: bashCases) func bashCompletes(_ example: BashCase) throws {
    let home = TestPaths.preparedDirectory()
    _ = FileManager.default.createFile(atPath: "\(home)/trip.ctry", contents: Data("details Egypt\n".utf8))
    let driver = """
      source "$1" || exit 3
      shift
      spec=$(complete -p ctry) || exit 4
      function=${spec##*-F }
      function=${function%% *}
      COMP_WORDS=("$@")
      COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
      COMP_LINE="${LINE-${COMP_WORDS[*]}}"
      COMP_POINT=${#COMP_LINE}
      COMPREPLY=()
      "$function" "${COMP_WORDS[0]}" "${CURRENT-${COMP_WORDS[COMP_CWORD]}}" "${COMP_WORDS[COMP_CWORD-1]}"
      (( ${#COMPREPLY[@]} == 0 )) || printf '%s\\n' "${COMPREPLY[@]}"
      """
    var environment = ExternalTool.isolatedEnvironment(home)
    environment["PATH"] = (TestPaths.binary as NSString).deletingLastPathComponent + ":/usr/bin:/bin"
    if let current = example.current { environment["CURRENT"] = current }
    if let line = example.line { environment["LINE"] = line }
    if example.listing { environment["COMP_TYPE"] = "63" }
    let result = try ExternalTool.run(
      "/bin/bash", ["-c", driver, "bash", "\(Self.completions)/ctry.bash"] + example.words,
      environment: environment, directory: home)
    #expect(result.status == 0)
    #expect(result.out.split(separator: "\n").map(String.init) == example.expected)
    #expect(result.err.isEmpty, "the completion printed to stderr: \(result.err)")
  }

  @Test func completeSubcommandPrintsCandidates() throws {
    let home = TestPaths.preparedDirectory()
    let result = try ProcessRunner.ctry(
      ["__complete", "details", "Germ"], environment: ExternalTool.isolatedEnvironment(home), directory: home)
    #expect(result.status == 0)
    #expect(result.out == "Germany\n")
  }
}

/// Runs programs other than ctry (shells, scripts, mandoc) for the tests of completions/, Scripts/install
/// and ctry.1, in an isolated environment and with a time limit.
enum ExternalTool {
  typealias Result = Subprocess.Result

  /// HOME and every XDG directory in `home`, so no user file (cache, init.ctry) is read. The cache is
  /// `home/.cache`, where a prepared directory (`TestPaths.preparedDirectory()`) holds its snapshot.
  static func isolatedEnvironment(_ home: String) -> [String: String] {
    [
      "HOME": home, "XDG_CACHE_HOME": "\(home)/.cache", "XDG_DATA_HOME": "\(home)/data",
      "XDG_STATE_HOME": "\(home)/state", "XDG_CONFIG_HOME": "\(home)/config", "PATH": "/usr/bin:/bin",
      "LANG": "C.UTF-8", "TZ": "Africa/Cairo",
      // The homes' catalogs hold made-up names: no real subdivision is offered beside them.
      "CTRY_SUBDIVISIONS": "\(home)/no-subdivisions.tsv",
    ]
  }

  static func find(_ name: String) -> String? {
    ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs `path` with stdin from /dev/null, in `directory` (a new temporary one when nil), with
  /// `environment` (an isolated one in that directory when nil); status -1 after `timeout` seconds.
  static func run(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
    timeout: Double = 60
  ) throws -> Result {
    let scratch = TestPaths.temporaryDirectory()
    var result = try Subprocess.run(
      path, arguments, environment: environment ?? isolatedEnvironment(scratch), directory: directory ?? scratch,
      timeout: .seconds(timeout))
    if result.timedOut { (result.status, result.err) = (-1, "\(path) took longer than \(timeout) s") }
    return result
  }
}
