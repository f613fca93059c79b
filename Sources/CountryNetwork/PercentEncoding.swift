/// Percent-encodes one path segment or query value: every byte but RFC 3986's unreserved characters
/// (letters, digits, `-._~`) becomes `%XX`, so a name can hold `/`, `?`, `#`, `&` or spaces. Foundation's
/// `addingPercentEncoding` would do it with `CharacterSet`, which links ICU into the binary
/// (BENCHMARKS.md, binary size); `PercentEncodingTests` checks that Foundation decodes it back.
func percentEncoded(_ text: String) -> String {
  var encoded = ""
  encoded.reserveCapacity(text.utf8.count)
  let hex = Array("0123456789ABCDEF".utf8)
  for byte in text.utf8 {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      encoded.unicodeScalars.append(Unicode.Scalar(byte))
    default:
      encoded.unicodeScalars.append("%")
      encoded.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
      encoded.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
    }
  }
  return encoded
}
