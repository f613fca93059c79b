import CtryShell
import CtryTestSupport
import Testing

@Suite struct HomeCommandTests {
  @Test func inferredSavedAndReset() async {
    let shell = TestShell(environment: ["TZ": "Asia/Tokyo"])
    let inferred = await shell.run("home")
    #expect(inferred.out.contains("Japan") && inferred.out.contains("time zone Asia/Tokyo"))
    #expect(inferred.out.contains("Tokyo") && inferred.out.contains("JPY"))
    #expect(await shell.run("home Germany").out == "Home is now 🇩🇪 Germany.\n")
    #expect(await shell.run("home").out.contains("saved with"))
    #expect(await shell.run("home --reset").out.contains("Japan"))
  }

  @Test func egyptWhenNothingIsKnown() async {
    let shell = TestShell(environment: ["LANG": "C.UTF-8", "ZONEINFO_DIR": "/nonexistent"])
    let result = await shell.run("home")
    #expect(result.out.contains("Egypt") && result.out.contains("default"))
  }
}

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
  }

  @Test func regionLimitsThePool() async {
    for seed in 1...10 {
      let result = await TestShell(format: .plain).run("deal --seed \(seed) --region Oceania")
      #expect(result.out.contains("Region: Oceania"), "\(result.out)")
    }
  }
}

@Suite struct HelpCommandTests {
  @Test func listsEveryCommand() async {
    let result = await TestShell().run("help")
    for name in ["search", "details", "borders", "currencies", "favorites", "home", "deal", "help", "exit"] {
      #expect(result.out.contains("  \(name) "), "help lists \(name)")
    }
  }

  @Test func unknownCommandSuggests() async {
    let result = await TestShell().run("serch germany")
    #expect(result.status == 2)
    #expect(result.err == "unknown command 'serch' — did you mean 'search'?\n")
    #expect(await TestShell().run("help serch").status == 2)
  }

  /// Only a real command name that is close is suggested: never `?` for a one-letter word, nor the
  /// first of the commands a letter begins (`d`: deal or details?); a word only one command begins is.
  @Test func unknownCommandSuggestsOnlyCloseRealNames() async {
    for word in ["x", "z", "!", "d"] {
      let result = await TestShell().run(word)
      #expect(result.status == 2)
      #expect(result.err == "unknown command '\(word)' — type 'help' to see the commands\n", "\(result.err)")
    }
    #expect(await TestShell().run("q").err == "unknown command 'q' — did you mean 'quit'?\n")
    #expect(await TestShell().run("hlep").err == "unknown command 'hlep' — did you mean 'help'?\n")
    #expect(await TestShell().run("comprae").err == "unknown command 'comprae' — did you mean 'compare'?\n")
  }

  /// The engine's suggestion is the registry's one, with aliases and plugins among the candidates.
  @Test func unknownCommandSuggestsAliasesTooThroughTheRegistry() async {
    let shell = TestShell()
    #expect(await shell.run("alias lookup = details").status == 0)
    let result = await shell.run("lookpu germany")
    #expect(result.err == "unknown command 'lookpu' — did you mean 'lookup'?\n")
    let error = shell.engine.context.registry.unknownCommand("lookpu", alsoKnown: ["lookup"])
    #expect(error.hint == "did you mean 'lookup'?")
  }

  @Test func exitEndsTheSession() async {
    #expect(await TestShell().engine.run(line: "exit") == .exit(0))
    #expect(await TestShell().engine.run(line: "quit 3") == .exit(3))
  }
}
