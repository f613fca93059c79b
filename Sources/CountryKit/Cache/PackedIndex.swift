/// The indexes start-up needs (codes, English names and capitals, the border graph), each packed into
/// one blob of the snapshot's `packed` table: reading three rows costs a fraction of stepping through
/// thousands (the relational `code`, `name` and `border` tables hold the same, for everything else).
///
/// Little-endian: a code is `[u8 length][bytes][u32 position]`; a name `[u16 length][bytes][u32
/// position][u8 field]`; the border graph, per position, `[u32 count][u32 neighbour]…`. Reading checks
/// every bound and position, so a damaged blob is an error, never a crash.
enum PackedIndex {
  static let codes = "codes"
  static let names = "primary_names"
  static let secondaryNames = "secondary_names"
  static let borders = "borders"

  struct Damaged: Error {}

  // MARK: Writing

  static func pack(codes: [String: Int]) -> [UInt8] {
    var out: [UInt8] = []
    for (code, position) in codes.sorted(by: { $0.key < $1.key }) {
      let bytes = Array(code.utf8.prefix(255))
      out.append(UInt8(bytes.count))
      out += bytes
      append(UInt32(position), to: &out)
    }
    return out
  }

  static func pack(names: [NameEntry]) -> [UInt8] {
    var out: [UInt8] = []
    for entry in names {
      let key = Array(entry.key.prefix(Int(UInt16.max)))
      append(UInt16(key.count), to: &out)
      out += key
      append(UInt32(entry.country), to: &out)
      out.append(UInt8(entry.field.rawValue))
    }
    return out
  }

  static func pack(adjacency: [[Int]]) -> [UInt8] {
    var out: [UInt8] = []
    for neighbours in adjacency {
      append(UInt32(neighbours.count), to: &out)
      for neighbour in neighbours { append(UInt32(neighbour), to: &out) }
    }
    return out
  }

  private static func append<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { out += $0 }
  }

  // MARK: Reading

  static func codes(_ bytes: [UInt8], count: Int) throws(Damaged) -> [String: Int] {
    var reader = Reader(bytes: bytes)
    var codes: [String: Int] = [:]
    while !reader.atEnd {
      let length = Int(try reader.read(UInt8.self))
      let code = String(decoding: try reader.take(length), as: UTF8.self)
      codes[code] = try reader.position(below: count)
    }
    return codes
  }

  static func names(_ bytes: [UInt8], count: Int) throws(Damaged) -> [NameEntry] {
    var reader = Reader(bytes: bytes)
    var names: [NameEntry] = []
    while !reader.atEnd {
      let length = Int(try reader.read(UInt16.self))
      let key = try reader.take(length)
      let position = try reader.position(below: count)
      guard let field = NameField(rawValue: Int(try reader.read(UInt8.self))) else { throw Damaged() }
      names.append(NameEntry(key: key, country: position, field: field))
    }
    return names
  }

  static func adjacency(_ bytes: [UInt8], count: Int) throws(Damaged) -> [[Int]] {
    var reader = Reader(bytes: bytes)
    var adjacency: [[Int]] = []
    adjacency.reserveCapacity(count)
    for _ in 0..<count {
      let neighbours = Int(try reader.read(UInt32.self))
      guard neighbours <= count else { throw Damaged() }
      var list: [Int] = []
      list.reserveCapacity(neighbours)
      for _ in 0..<neighbours { list.append(try reader.position(below: count)) }
      adjacency.append(list)
    }
    guard reader.atEnd else { throw Damaged() }
    return adjacency
  }

  private struct Reader {
    let bytes: [UInt8]
    var offset = 0

    var atEnd: Bool { offset >= bytes.count }

    mutating func take(_ length: Int) throws(Damaged) -> [UInt8] {
      guard length >= 0, bytes.count - offset >= length else { throw Damaged() }
      defer { offset += length }
      return Array(bytes[offset..<offset + length])
    }

    mutating func read<T: FixedWidthInteger>(_ type: T.Type) throws(Damaged) -> T {
      let size = MemoryLayout<T>.size
      guard bytes.count - offset >= size else { throw Damaged() }
      var value: T = 0
      for index in 0..<size { value |= T(bytes[offset + index]) << (8 * index) }
      offset += size
      return value
    }

    mutating func position(below count: Int) throws(Damaged) -> Int {
      let position = Int(try read(UInt32.self))
      guard position < count else { throw Damaged() }
      return position
    }
  }
}
