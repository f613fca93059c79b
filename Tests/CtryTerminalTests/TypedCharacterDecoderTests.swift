import CountryModel
import CtryTerminal
import Testing

@Suite struct TypedCharacterDecoderTests {
  func decode(_ bytes: [UInt8]) -> [UInt32] {
    var decoder = TypedCharacterDecoder()
    return bytes.compactMap { decoder.decode($0)?.value }
  }

  @Test func wellFormedCharactersOfOneToFourBytes() {
    let text = "a\u{7F}\u{80}ô\u{7FF}\u{800}日\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}\u{10000}🇪🇬\u{10FFFF}"
    #expect(decode(Array(text.utf8)) == text.unicodeScalars.map(\.value))
  }

  /// 5- and 6-byte forms, values past U+10FFFF, surrogates and overlong forms make no character.
  @Test(
    arguments: [
      [0xFC, 0x86, 0xA4, 0x91, 0xBA, 0xAB], [0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF], [0xF8, 0x88, 0x80, 0x80, 0x80],
      [0xF4, 0x90, 0x80, 0x80], [0xF7, 0xBF, 0xBF, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xC0, 0xAF],
      [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xFE], [0xFF], [0x80], [0xBF, 0xBF],
    ] as [[UInt8]])
  func malformedBytesAreDropped(_ bytes: [UInt8]) {
    #expect(decode(bytes + [0x61]) == [0x61])
  }

  @Test func aByteThatCutsACharacterShortStartsAfresh() {
    #expect(decode([0xE2, 0x82, 0x64]) == [0x64])
    #expect(decode([0xF0, 0x9F, 0xC3, 0xB4]) == [0xF4])
    #expect(decode([0xE2, 0xE2, 0x82, 0xAC]) == [0x20AC])
  }

  /// Against the standard library's decoder, which replaces each maximal malformed subpart with
  /// U+FFFD where this one drops it.
  @Test func dropsWhatTheStandardLibraryReplaces() {
    var generator = SplitMix64(seed: 0x5EED)
    for _ in 0..<2_000 {
      let count = Int.random(in: 0...24, using: &generator)
      let bytes = (0..<count).map { _ in
        Bool.random(using: &generator)
          ? UInt8.random(in: 0x80...0xFF, using: &generator) : UInt8.random(in: 0...0xFF, using: &generator)
      }
      let ours = decode(bytes)
      guard !ours.contains(0xFFFD) else { continue }  // a U+FFFD typed as such
      let standard = String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
      #expect(ours == standard.filter { $0 != 0xFFFD }, "\(bytes)")
    }
  }
}
