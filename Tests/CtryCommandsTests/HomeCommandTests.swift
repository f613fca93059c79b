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
