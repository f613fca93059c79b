import CtryGrammar
import CtryShell
import CtrySystem
import CtryTestSupport
import Testing

@Suite struct ScriptingCommandsTests {
  @Test func setChangesSettingsAndDefinesVariables() async {
    let shell = TestShell()
    #expect(await shell.run("set format plain").status == 0)
    #expect(await shell.run("search --capital helsinki").out == "Finland\n")
    #expect(await shell.run("set capital Lima").status == 0)
    #expect(await shell.run("search --capital ${capital}").out == "Peru\n")
    #expect(await shell.run("set capital").out == "Lima\n")
    #expect(await shell.run("set histsize 3").status == 0)
    #expect(shell.engine.context.history.limit == 3)
    #expect(await shell.run("set on-error sometimes").status == 2)
    #expect(await shell.run("set 9lives x").status == 2)
    let listing = await shell.run("set")
    #expect(listing.out.contains("on-error\tstop") && listing.out.contains("capital\tLima"))
  }

  /// `set` and `alias` change the session through `Session.update`: concurrent changes all land.
  @Test func concurrentSessionChangesAllLand() async {
    let session = TestShell().engine.context.session
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for step in 0..<100 {
            if task.isMultiple(of: 2) {
              try? session.update { settings throws(CtryError) in try settings.setVariable("v\(task)_\(step)", to: "x")
              }
            } else {
              try? session.update { settings throws(CtryError) in
                try settings.setAlias("a\(task)_\(step)", to: ["search"])
              }
            }
          }
        }
      }
    }
    #expect(session.settings.variables.keys.filter { $0.hasPrefix("v") }.count == 400)
    #expect(session.settings.aliases.count == 400)
    let unchanged = session.settings.variables.count
    #expect(throws: CtryError.self) {
      try session.update { (settings: inout Settings) throws(CtryError) in
        try settings.setVariable("half", to: String(repeating: "x", count: InputLimits.wordBytes + 1))
      }
    }
    #expect(session.settings.variables.count == unchanged, "a failed change changes nothing")
  }

  @Test func aliasesDefineListExpandAndRefuse() async {
    let shell = TestShell(format: .plain)
    #expect(await shell.run("alias eu = search --region Europe --sort population --limit 2").status == 0)
    #expect(await shell.run("eu").out == "Russia\nGermany\n")
    #expect(await shell.run("eu --format csv").out.hasPrefix("cca2,cca3,name"), "arguments after an alias pass on")
    #expect(await shell.run("alias").out.contains("eu\tsearch --region Europe"))
    #expect(await shell.run("help").out.contains("Aliases:"))
    #expect(await shell.run("help eu").out.contains("alias for: search"))
    let shadow = await shell.run("alias search = details Egypt")
    #expect(shadow.status == 1 && shadow.err.contains("built-in"))
    #expect(await shell.run("unalias eu").status == 0)
    #expect(await shell.run("eu").status == 2)
    #expect(await shell.run("unalias eu").status == 1)
  }

  /// `alias NAME` shows that alias as a line that would define it again; a name that is no alias is
  /// "not found", with what to do instead.
  @Test func aliasNameShowsThatAlias() async {
    let shell = TestShell(format: .plain)
    _ = await shell.run("alias eu = search --region Europe")
    _ = await shell.run("alias nz = details 'New Zealand'")
    let shown = await shell.run("alias nz")
    #expect(shown.status == 0 && shown.out == "alias nz = details 'New Zealand'\n", "\(shown.err)")
    let all = await shell.run("alias")
    #expect(all.out.contains("eu\tsearch --region Europe") && all.out.contains("nz\tdetails"), "\(all.out)")
    let missing = await shell.run("alias asia")
    #expect(missing.status == 1)
    #expect(missing.err == "no alias 'asia' — 'alias' lists them; define one with 'alias NAME = COMMAND'\n")
    let builtin = await shell.run("alias details")
    #expect(builtin.status == 1)
    #expect(builtin.err == "'details' is a built-in command, not an alias — see 'help details'\n")
  }

  @Test func aliasLoopsAreErrorsNotHangs() async {
    let shell = TestShell()
    #expect(await shell.run("alias b = search").status == 0)
    #expect(await shell.run("alias a = b").status == 0, "an alias may stand for another alias")
    #expect(await shell.run("alias b = a x").status == 0)
    let result = await shell.run("a")
    #expect(result.status == 2)
    #expect(result.err == "alias loop: a → b → a — remove one with 'unalias NAME'\n")
  }

  /// An alias must stand for a command when it is defined: a typo is one line and exit 2, with the
  /// command it was probably meant to be, and nothing is defined.
  @Test func anAliasOfNoCommandIsRefused() async {
    let shell = TestShell()
    let typo = await shell.run("alias eu = serch --region Europe")
    #expect(typo.status == 2)
    #expect(typo.err == "alias eu: unknown command 'serch' — did you mean 'search'?\n", "\(typo.err)")
    let none = await shell.run("alias x = nosuchcmd")
    #expect(none.status == 2)
    #expect(none.err == "alias x: unknown command 'nosuchcmd' — type 'help' to see the commands\n", "\(none.err)")
    let itself = await shell.run("alias x=x")
    #expect(itself.status == 2 && itself.err.split(separator: "\n").count == 1, "\(itself.err)")
    #expect(await shell.run("alias").out.hasPrefix("No aliases"), "nothing was defined")
    #expect(await shell.run("alias eu = find --region Europe").status == 0, "a built-in's alias is a command")
  }

  @Test func echoPrintsExpandedText() async {
    let shell = TestShell(format: .json)
    _ = await shell.run("set who world")
    #expect(await shell.run("echo hello ${who}").out == "hello world\n", "echo is text in every format")
  }
}
