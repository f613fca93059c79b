import CountryModel
import CtrySystem
import CtryTestSupport
import Foundation
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

  /// The one-pass reader gives what splitting the text gave (the reader before it, kept here as the
  /// reference): the shipped file, and 3,000 damaged copies of a few of its lines, read the same or
  /// refused at the same line.
  @Test func readsAsSplittingTheTextDid() throws {
    let shipped = try String(
      contentsOfFile: TestPaths.repository + "/Sources/CountryKit/Resources/outlines.txt", encoding: .utf8)
    #expect(try Self.outcome(shipped) == Self.reference(shipped))
    var generator = SystemRandomNumberGenerator()
    let lines = shipped.split(separator: "\n").filter { !$0.hasPrefix("#") }
    let alphabet = Array(" ;,-+0123456789#\n\rx".utf8)
    for _ in 0..<3_000 {
      var bytes = Array(lines.shuffled(using: &generator).prefix(3).joined(separator: "\n").utf8.prefix(600))
      for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[at] = alphabet.randomElement(using: &generator) ?? 0
        case 1: bytes.insert(alphabet.randomElement(using: &generator) ?? 0, at: at)
        default: bytes.remove(at: at)
        }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      #expect(Self.outcome(text) == Self.reference(text), "\(text)")
    }
  }

  /// Every ring's points, by code, or the error's message.
  private static func outcome(_ text: String) -> String {
    do {
      let outlines = try CountryOutlines(text: text, origin: "o.txt")
      return outlines.rings.keys.sorted().map { "\($0): \(outlines.rings[$0] ?? [])" }.joined(separator: "\n")
    } catch {
      return error.message
    }
  }

  /// The reader before the one-pass one, which split lines, rings, points and numbers.
  private static func reference(_ text: String) -> String {
    var rings: [String: [[GeoPoint]]] = [:]
    for (number, line) in Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .enumerated()
    where !line.isEmpty && line.first != UInt8(ascii: "#") {
      let bad = "o.txt:\(number + 1): not an outline line"
      guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return bad }
      let code = String(decoding: line[..<space], as: UTF8.self)
      guard code.count == 3 else { return bad }
      var parsed: [[GeoPoint]] = []
      for ring in line[(space + 1)...].split(separator: UInt8(ascii: ";")) {
        var points: [GeoPoint] = []
        for pair in ring.split(separator: UInt8(ascii: " ")) {
          let parts = pair.split(separator: UInt8(ascii: ","))
          guard parts.count == 2, let lon = CountryOutlines.integer(parts[0]),
            let lat = CountryOutlines.integer(parts[1]), abs(lon) <= 18_000, abs(lat) <= 9_000
          else { return bad }
          points.append(GeoPoint(lon: Double(lon) / 100, lat: Double(lat) / 100))
        }
        guard points.count >= 3 else { return bad }
        parsed.append(points)
      }
      rings[code, default: []] += parsed
    }
    guard !rings.isEmpty else { return "o.txt: no outlines" }
    return rings.keys.sorted().map { "\($0): \(rings[$0] ?? [])" }.joined(separator: "\n")
  }
}
