import CtryTestSupport
import Foundation
import Testing

/// Country names that hold shell syntax (a server's data) completed in a real bash, zsh and fish:
/// nothing in a name runs or globs, whether Tab inserts it or lists it, and the word Tab inserted
/// reaches ctry as that name, so Enter shows its country's card. bash gets each candidate quoted by
/// ctry for the quote the word is in (`ctry __complete --shell bash`).
@Suite(
  .ownThread, .serialized, .enabled(if: TerminalSession.isAvailable, "tmux is installed by Scripts/test"),
  .tags(.terminal, .network))
struct ShellCompletionQuotingTests {
  typealias Shell = ShellCompletionTerminalTests.Shell

  /// Names with each kind of shell syntax, each after a prefix (`Xa`) that no other name starts
  /// with. A name that ran something would leave a `pwned-*` file in the shell's directory, where
  /// `Xk*`, `Xl?` and `Xm[ab]` would match files (`globbedFiles`).
  static let names = [
    "Xa${x:-`touch pwned-a`}", "Xb`touch pwned-b`", "Xc$(touch pwned-c)", "Xd;touch pwned-d",
    "Xe|touch pwned-e", "Xf&touch pwned-f&", "Xg>pwned-g", "Xh<(touch pwned-h)", "Xi it's \"quoted\"!",
    "Xj!!:p !-1", "Xk*", "Xl?", "Xm[ab]", "Xn{a,b}#~", "Xo\\$HOME\\", "Xp ends in a quote'",
    "Xq ends in a double quote\"",
  ]
  /// Names no quote can begin: `!` after a double quote, `'` after a single one.
  static let awkwardNames = ["!Xr", "'Xs"]
  /// A name with a line break, which no completion offers (a candidate is one line).
  static let lineBreakName = "Xz\ntouch pwned-z"
  static let globbedFiles = ["Xk-file", "Xkz", "Xlz", "Xma"]

  /// The card of `names[index]` shows this official name.
  static func official(_ index: Int) -> String { "Test \(index) Republic" }

  /// A home whose catalog holds the names above, and a directory for the shell to work in.
  static func setUp() throws -> (home: String, directory: String) {
    let all = names + awkwardNames + [lineBreakName]
    let home = try HostileCompletionTests.home(named: all.indices.map { (all[$0], official($0)) })
    let directory = TestPaths.temporaryDirectory()
    for file in globbedFiles {
      #expect(FileManager.default.createFile(atPath: "\(directory)/\(file)", contents: Data()))
    }
    return (home, directory)
  }

  /// The files in `directory` that are not the ones `setUp` made: what a name ran.
  static func madeFiles(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { !globbedFiles.contains($0) }
      .sorted()
  }

  /// Types `ctry details ` and `opening` (a quote, or none) and each name's prefix, presses Tab and
  /// Enter, and expects nothing made in `directory` and that name's card; then clears the screen.
  /// Stops at the first name that fails, whose line may have left the shell waiting for more.
  static func completeEachName(
    _ shell: Shell, in directory: String, prompt: String, opening: String, names selected: [String] = names
  ) throws {
    for name in selected {
      let index = try #require(names.firstIndex(of: name))
      let typed = "ctry details \(opening)\(name.prefix(2))"
      try shell.type(typed)
      try shell.press("Tab")
      // Keys are read in order, so Enter follows the insertion; the wait only shows it in a failure.
      let inserted = try shell.waitFor { screen in
        let line = ShellCompletionTerminalTests.lastLine(screen)
        return line.hasPrefix(prompt + typed.prefix(13)) && line.count > prompt.count + typed.count
      }
      try shell.press("Enter")
      let screen = try shell.waitForOutput(official(index), thenPrompt: prompt)
      #expect(madeFiles(directory) == [], "\(typed)<Tab> gave \(ShellCompletionTerminalTests.lastLine(inserted))")
      try #require(
        screen.contains(official(index)),
        "\(typed)<Tab> gave \(ShellCompletionTerminalTests.lastLine(inserted)), and Enter no card of \(name):\n\(screen)"
      )
      try shell.type("clear\n")
      try shell.waitForPromptAlone(prompt)
    }
  }

  @Test func bashInsertsEveryNameAsOneWordThatRunsNothing() throws {
    let (home, directory) = try Self.setUp()
    let shell = try ShellCompletionTerminalTests.bash(in: directory, home: home)
    for opening in ["", "\"", "'"] {
      try Self.completeEachName(shell, in: directory, prompt: "$ ", opening: opening)
    }
    try Self.completeEachName(
      shell, in: directory, prompt: "$ ", opening: "$'",
      names: ["Xa${x:-`touch pwned-a`}", "Xi it's \"quoted\"!", "Xo\\$HOME\\"])
    #expect(Self.madeFiles(directory) == [])
  }

  /// Tab Tab lists the names as they read, in any quote (but the one with a line break), and leaves
  /// the line as it was.
  @Test func bashListsTheNamesAsTheyRead() throws {
    let (home, directory) = try Self.setUp()
    let shell = try ShellCompletionTerminalTests.bash(in: directory, home: home)
    for opening in ["", "\"", "'"] {
      let typed = "ctry details \(opening)X"
      try shell.type(typed)
      try shell.press("Tab")
      try shell.press("Tab")
      let screen = try shell.waitFor { screen in Self.names.allSatisfy { screen.contains($0) } }
      for name in Self.names {
        #expect(screen.contains(name), "\(typed)<Tab><Tab> lists \(name):\n\(screen)")
      }
      #expect(!screen.contains("Xkz"), "nothing globs:\n\(screen)")
      #expect(!screen.contains("pwned-z"), "no name with a line break is listed:\n\(screen)")
      #expect(ShellCompletionTerminalTests.lastLine(screen) == "$ \(typed)", "the line is kept:\n\(screen)")
      try shell.press("C-u")
      try shell.type("clear\n")
      try shell.waitForPromptAlone("$ ")
    }
    #expect(Self.madeFiles(directory) == [])
  }

  @Test(.enabled(if: ExternalTool.find("zsh") != nil, "zsh is installed by Scripts/setup --test"))
  func zshInsertsEveryNameAsOneWordThatRunsNothing() throws {
    let (home, directory) = try Self.setUp()
    let shell = try ShellCompletionTerminalTests.zsh(in: directory, home: home)
    for opening in ["", "\""] {
      try Self.completeEachName(shell, in: directory, prompt: "% ", opening: opening)
    }
    #expect(Self.madeFiles(directory) == [])
  }

  @Test(.enabled(if: ExternalTool.find("fish") != nil, "fish is installed by Scripts/setup --test"))
  func fishInsertsEveryNameAsOneWordThatRunsNothing() throws {
    let (home, directory) = try Self.setUp()
    let shell = try ShellCompletionTerminalTests.fish(in: directory, home: home)
    for opening in ["", "\""] {
      try Self.completeEachName(shell, in: directory, prompt: "> ", opening: opening)
    }
    #expect(Self.madeFiles(directory) == [])
  }

  /// What bash is given for each quote the word may be in (`$'…'` included): the name quoted so
  /// that it reads back as itself; a name the quote cannot begin, or that holds a line break, is not
  /// offered; listing (`--listing`, the second Tab) gives the names as they read, but quotes a
  /// single one, which bash may insert.
  @Test func bashIsGivenEachNameQuotedForItsWord() throws {
    let (home, _) = try Self.setUp()
    let cases: [(line: String, listing: Bool, expected: [String])] = [
      ("ctry details Xa", false, [#"Xa\$\{x\:-\`touch\ pwned-a\`\}"#]),
      ("ctry details \"Xa", false, [#"Xa\${x:-\`touch pwned-a\`}"#]),
      ("ctry details 'Xa", false, ["Xa${x:-`touch pwned-a`}"]),
      ("ctry details $'Xo", false, [#"Xo\\$HOME\\"#]),
      ("ctry details \"Xi", false, [#"Xi it's \"quoted\""\!"""#]),
      ("ctry details Xi", false, [#"Xi\ it\'s\ \"quoted\"\!"#]),
      ("ctry details 'Xp", false, [#"Xp ends in a quote'\'"#]),
      ("ctry details \"Xq", false, [#"Xq ends in a double quote\"""#]),
      ("ctry details Xk", false, [#"Xk\*"#]),
      ("ctry details Xn", false, [##"Xn\{a,b\}\#\~"##]),
      ("ctry details \\!Xr", false, [#"\!Xr"#]),
      ("ctry details \"!Xr", false, []),
      ("ctry details \"Xs", false, ["'Xs"]),
      ("ctry details 'Xs", false, []),
      ("ctry details Xz", false, []),
      ("ctry details Xm", true, [#"Xm\[ab\]"#]),
      ("ctry details \"X", true, Self.names + ["'Xs"]),
    ]
    for (line, listing, expected) in cases {
      let result = try Subprocess.run(
        TestPaths.binary, ["__complete", "--shell", "bash"] + (listing ? ["--listing"] : []) + ["--", line],
        environment: ExternalTool.isolatedEnvironment(home), directory: home)
      #expect(result.status == 0 && result.err.isEmpty, "\(line): \(result.err)")
      #expect(result.out.split(separator: "\n").map(String.init) == expected, "\(line): \(result.out)")
    }
  }
}
