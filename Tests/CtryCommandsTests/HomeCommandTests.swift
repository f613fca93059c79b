import CtryTestSupport
import Foundation
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

  /// JSON gives what decided the home country, under the names `status` gives it.
  @Test func jsonSaysWhatDecided() async throws {
    let shell = TestShell(format: .json, environment: ["TZ": "Asia/Tokyo"])
    let inferred = try #require(
      try JSONSerialization.jsonObject(with: Data(await shell.run("home").out.utf8)) as? [String: Any])
    #expect(inferred["cca3"] as? String == "JPN")
    #expect(inferred["home"] as? [String: String] == ["source": "time_zone", "time_zone": "Asia/Tokyo"], "\(inferred)")
    let csv = await TestShell(format: .csv, environment: ["TZ": "Asia/Tokyo"]).run("home").out
    #expect(csv.contains("\r\nhome.source,time_zone\r\nhome.time_zone,Asia/Tokyo\r\n"), "\(csv)")
  }

  @Test func egyptWhenNothingIsKnown() async {
    let shell = TestShell(environment: ["LANG": "C.UTF-8", "ZONEINFO_DIR": "/nonexistent"])
    let result = await shell.run("home")
    #expect(result.out.contains("Egypt") && result.out.contains("default"))
  }
}
