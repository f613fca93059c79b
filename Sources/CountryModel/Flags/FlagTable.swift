import CtrySystem
import Glibc

/// Each country's flag as a small raster of colours, from `Resources/flags.txt` (made by
/// `Scripts/make-dataset` from Debian's iso-flags-svg, see `Scripts/dataset/flags.py`, which describes
/// the format). Only `flag` loads it, never start-up, and it decodes the one flag asked for
/// (`raster(for:)`). Kosovo (XK) has no line: the package has no drawing of its flag.
public struct FlagTable: BundledResource {
  public static let fileName = "flags.txt"
  package static let environmentKey = "CTRY_FLAGS"
  package static let contents = "the flag table"
  package static let loaded = once()

  /// The size of every flag's raster, in pixels.
  public let width: Int
  public let height: Int
  private let bytes: [UInt8]
  private let origin: String
  /// Where each flag's line starts (at its code) and ends, and its line number.
  private let lines: [String: (range: Range<Int>, number: Int)]

  /// The codes with a flag, sorted.
  public var codes: [String] { lines.keys.sorted() }

  /// Indexes the file's lines by their code, found with `memchr`; a flag's palette and rows are read,
  /// and checked, by `raster(for:)`.
  package init(bytes: [UInt8], origin: String) throws(CtryError) {
    var size: (Int, Int)?
    var lines: [String: (range: Range<Int>, number: Int)] = [:]
    var bad: Int?
    bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) -> Void in
      guard let base = buffer.baseAddress else { return }
      var start = 0
      var number = 0
      while start < buffer.count, bad == nil {
        number += 1
        let end = Self.lineEnd(in: bytes, from: start)
        defer { start = end + 1 }
        guard end > start, buffer[start] != UInt8(ascii: "#") else { continue }
        if size == nil {
          size = Self.raster(ArraySlice(buffer[start..<end]))
          if size == nil { bad = number }
        } else if end - start > 3, buffer[start + 2] == UInt8(ascii: " ") {
          lines[String(decoding: buffer[start..<start + 2], as: UTF8.self)] = (start..<end, number)
        } else {
          bad = number
        }
      }
    }
    if let bad {
      throw CtryError(.data, "\(origin):\(bad): not \(size == nil ? "a `raster WIDTH HEIGHT`" : "a flag") line")
    }
    guard let size, !lines.isEmpty else { throw CtryError(.data, "\(origin): no flags") }
    (width, height) = size
    self.bytes = bytes
    self.origin = origin
    self.lines = lines
  }

  /// The size a `raster WIDTH HEIGHT` line gives, each from 1 to 256; nil for another line.
  private static func raster(_ line: ArraySlice<UInt8>) -> (Int, Int)? {
    let words = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard words.count == 3, words[0].elementsEqual("raster".utf8),
      let width = CountryOutlines.integer(words[1]),
      let height = CountryOutlines.integer(words[2]),
      (1...256).contains(width), (1...256).contains(height)
    else { return nil }
    return (width, height)
  }

  /// The flag of the country with this alpha-2 code, decoded; nil when the table has none (XK).
  /// Throws for a line that does not decode, naming the file and line.
  public func raster(for cca2: String) throws(CtryError) -> FlagRaster? {
    guard let line = lines[cca2] else { return nil }
    let bad = CtryError(.data, "\(origin):\(line.number): not a flag line")
    let words = bytes[line.range].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard words.count == 3 else { throw bad }
    var palette: [FlagRaster.Color] = []
    for hex in words[1].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
      guard hex.count == 6, let value = Self.hex(hex) else { throw bad }
      palette.append(
        FlagRaster.Color(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF)))
    }
    guard !palette.isEmpty, palette.count <= 64 else { throw bad }
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height)
    var rows = 0
    for row in words[2].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
      rows += 1
      guard rows <= height else { throw bad }
      if row.isEmpty {
        guard rows > 1 else { throw bad }
        pixels.append(contentsOf: pixels[(pixels.count - width)...])
        continue
      }
      guard row.count.isMultiple(of: 2) else { throw bad }
      var filled = 0
      var index = row.startIndex
      while index < row.endIndex {
        guard let colour = Self.digit(row[index]), colour < palette.count, let run = Self.digit(row[index + 1])
        else { throw bad }
        filled += run + 1
        guard filled <= width else { throw bad }
        pixels.append(contentsOf: repeatElement(UInt8(colour), count: run + 1))
        index += 2
      }
      guard filled == width else { throw bad }
    }
    guard rows == height else { throw bad }
    return FlagRaster(width: width, height: height, palette: palette, pixels: pixels)
  }

  /// The value of a character of the format's alphabet (`0-9A-Za-z_-`), or nil.
  static func digit(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A")) + 10
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 36
    case UInt8(ascii: "_"): 62
    case UInt8(ascii: "-"): 63
    default: nil
    }
  }

  private static func hex(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in digits {
      let nibble: Int
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = Int(byte - UInt8(ascii: "a")) + 10
      default: return nil
      }
      value = value << 4 | nibble
    }
    return value
  }
}
