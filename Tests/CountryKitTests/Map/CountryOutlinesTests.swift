import CountryModel
import CtrySystem
import CtryTestSupport
import Testing

@Suite struct CountryOutlinesTests {
  /// The outline reader's number parser reads what `Int(String)` reads, on 20,000 random words of
  /// digits, signs and other bytes (up to nine digits, which no coordinate exceeds).
  @Test func integersAreReadAsIntReadsThem() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("0123456789+-, a.".utf8)
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...11, using: &generator)
      let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
      let text = String(decoding: bytes, as: UTF8.self)
      let unsigned = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
      let expected = unsigned.count <= 9 ? Int(text) : nil
      #expect(CountryOutlines.integer(bytes[...]) == expected, "\(text)")
    }
  }

  @Test func aBadLineIsNamedByItsNumber() {
    let text = "# comment\nEGY 1,1 2,2 3,3\n\nFRA 1,1 2,x 3,3\n"
    #expect(throws: CtryError.self) { try CountryOutlines(text: text, origin: "o.txt") }
    do {
      _ = try CountryOutlines(text: text, origin: "o.txt")
    } catch {
      #expect(error.message == "o.txt:4: not an outline line")
    }
  }
}
