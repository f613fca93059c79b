/// Decodes the bytes typed or pasted at the prompt into Unicode scalar values, one byte at a time.
///
/// Only well-formed UTF-8 (the Unicode standard's table of well-formed byte sequences) makes a
/// character: no 5- or 6-byte form, nothing past U+10FFFF, no surrogate, no overlong form. The bytes
/// of anything else are dropped; a byte that cuts a character short is dropped with it only when it
/// cannot start one itself, so the key typed after a broken sequence is kept. libedit is only ever
/// handed a value it can encode again.
package struct TypedCharacterDecoder: Sendable {
  /// Continuation bytes still needed by the character begun.
  private var needed = 0
  private var value: UInt32 = 0
  /// The range the next continuation byte must fall in.
  private var lowest: UInt8 = 0x80
  private var highest: UInt8 = 0xBF

  package init() {}

  /// The character `byte` completes, or nil while one is incomplete or when the byte was dropped.
  package mutating func decode(_ byte: UInt8) -> Unicode.Scalar? {
    if needed > 0 {
      if byte >= lowest && byte <= highest {
        value = value << 6 | UInt32(byte & 0x3F)
        needed -= 1
        (lowest, highest) = (0x80, 0xBF)
        return needed == 0 ? Unicode.Scalar(value) : nil
      }
      needed = 0
    }
    switch byte {
    case 0x00...0x7F: return Unicode.Scalar(byte)
    case 0xC2...0xDF: begin(byte & 0x1F, needing: 1)
    case 0xE0: begin(byte & 0x0F, needing: 2, lowest: 0xA0)
    case 0xED: begin(byte & 0x0F, needing: 2, highest: 0x9F)
    case 0xE1...0xEF: begin(byte & 0x0F, needing: 2)
    case 0xF0: begin(byte & 0x07, needing: 3, lowest: 0x90)
    case 0xF4: begin(byte & 0x07, needing: 3, highest: 0x8F)
    case 0xF1...0xF3: begin(byte & 0x07, needing: 3)
    default: break  // a continuation byte with nothing to continue, or a byte UTF-8 never uses
    }
    return nil
  }

  private mutating func begin(_ bits: UInt8, needing count: Int, lowest: UInt8 = 0x80, highest: UInt8 = 0xBF) {
    value = UInt32(bits)
    needed = count
    (self.lowest, self.highest) = (lowest, highest)
  }
}
