import CtryCommands
import CtryTestSupport
import Foundation
import Testing

/// `flag`: the emoji and colours in words without colour, JSON and CSV, the width rule and Kosovo.
@Suite struct FlagCommandTests {
  @Test func withoutColourTheEmojiAndADescription() async {
    for format in ["plain", "table"] {
      let result = await TestShell().run("flag Egypt --format \(format)")
      #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
      #expect(result.out == "🇪🇬 Egypt: horizontal bands of red, white and black; also yellow\n")
    }
  }

  @Test func jsonHasTheEmojiTheDescriptionAndTheColours() async throws {
    let result = await TestShell().run("flag Germany --json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(object["cca2"] as? String == "DE" && object["emoji"] as? String == "🇩🇪")
    #expect(object["description"] as? String == "horizontal bands of black, red and yellow")
    let colours = try #require(object["colors"] as? [[String: Any]])
    #expect(colours.compactMap { $0["name"] as? String } == ["black", "red", "yellow"])
    #expect(colours.allSatisfy { ($0["hex"] as? String)?.count == 7 })
    #expect(object["source"] as? String == "Debian iso-flags-svg")
  }

  @Test func csvIsOneRowOfTheSame() async {
    let result = await TestShell().run("flag France --format csv")
    let rows = result.out.split(separator: "\r\n").map(String.init)
    #expect(rows.count == 2 && rows[0] == "cca2,name,emoji,description,colors,source")
    #expect(rows[1].hasPrefix("FR,France,🇫🇷,\"vertical bands of dark blue, white and red\",#"))
  }

  @Test(arguments: ["0", "7", "129", "-3"])
  func widthOutOfBounds(_ width: String) async {
    let result = await TestShell().run("flag Egypt --width \(width)")
    #expect(result.status == 2 && result.out.isEmpty)
    #expect(result.err.contains("--width must be from 8 to 128"), "\(result.err)")
  }

  /// The flag source has no Kosovo: its emoji, with a note saying so, and no colours in JSON.
  @Test func kosovoHasItsEmojiAndANote() async throws {
    let plain = await TestShell().run("flag Kosovo --format plain")
    #expect(plain.status == 0)
    #expect(plain.out == "🇽🇰 Kosovo: no drawing: Debian's iso-flags-svg, ctry's flag source, has no flag for it\n")
    let json = await TestShell().run("flag XK --json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect((object["colors"] as? [Any])?.isEmpty == true && object["note"] is String)
  }

  @Test func unknownCountry() async {
    let result = await TestShell().run("flag Atlantis")
    #expect(result.status == 1 && result.out.isEmpty && !result.err.isEmpty)
  }
}
