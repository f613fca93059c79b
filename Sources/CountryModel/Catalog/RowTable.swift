/// Every position's `CountryRow`, packed as `PackedIndex` stores them and decoded one at a time, so a
/// list reads its own rows only. Per row: cca2, cca3, common name, flag (each `[u16 length][UTF-8]`),
/// the capitals (`[u16 count]` then the strings), the region, and the population as a 64-bit pattern
/// (-1 for none), little-endian.
struct RowTable: Sendable, Equatable {
  /// The rows, back to back.
  let bytes: [UInt8]
  /// Where each row starts in `bytes`.
  private let starts: [UInt32]

  init(_ rows: [CountryRow]) {
    var bytes: [UInt8] = []
    var starts: [UInt32] = []
    starts.reserveCapacity(rows.count)
    func text(_ value: String) {
      let utf8 = Array(value.utf8.prefix(Int(UInt16.max)))
      withUnsafeBytes(of: UInt16(utf8.count).littleEndian) { bytes += $0 }
      bytes += utf8
    }
    for row in rows {
      starts.append(UInt32(bytes.count))
      for value in [row.cca2, row.cca3, row.name, row.flag] { text(value) }
      withUnsafeBytes(of: UInt16(min(row.capitals.count, Int(UInt16.max))).littleEndian) { bytes += $0 }
      row.capitals.prefix(Int(UInt16.max)).forEach(text)
      text(row.region)
      withUnsafeBytes(of: UInt64(bitPattern: Int64(row.population ?? -1)).littleEndian) { bytes += $0 }
    }
    self.bytes = bytes
    self.starts = starts
  }

  /// Stored rows, checked: `count` of them, each within the buffer, and nothing after the last.
  init(packed bytes: [UInt8], count: Int) throws(PackedIndex.Damaged) {
    var starts: [UInt32] = []
    starts.reserveCapacity(count)
    var offset = 0
    func length() throws(PackedIndex.Damaged) -> Int {
      guard bytes.count - offset >= 2 else { throw PackedIndex.Damaged() }
      return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }
    func skipText() throws(PackedIndex.Damaged) {
      offset += try 2 + length()
      guard offset <= bytes.count else { throw PackedIndex.Damaged() }
    }
    for _ in 0..<count {
      starts.append(UInt32(offset))
      for _ in 0..<4 { try skipText() }
      let capitals = try length()
      offset += 2
      for _ in 0..<capitals { try skipText() }
      try skipText()
      guard bytes.count - offset >= 8 else { throw PackedIndex.Damaged() }
      offset += 8
    }
    guard offset == bytes.count else { throw PackedIndex.Damaged() }
    self.bytes = bytes
    self.starts = starts
  }

  var count: Int { starts.count }

  /// The row at `position`, decoded.
  subscript(position: Int) -> CountryRow {
    bytes.withUnsafeBufferPointer { bytes in
      var offset = Int(starts[position])
      func text() -> String {
        let length = Self.length(bytes, at: offset)
        defer { offset += 2 + length }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset + 2..<offset + 2 + length]), as: UTF8.self)
      }
      let cca2 = text()
      let cca3 = text()
      let name = text()
      let flag = text()
      let capitalCount = Self.length(bytes, at: offset)
      offset += 2
      var capitals: [String] = []
      capitals.reserveCapacity(capitalCount)
      for _ in 0..<capitalCount { capitals.append(text()) }
      let region = text()
      let population = Int(
        Int64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: Int64.self)))
      return CountryRow(
        cca2: cca2, cca3: cca3, name: name, flag: flag, capitals: capitals, region: region,
        population: population < 0 ? nil : population)
    }
  }

  /// The common name of the row at `position`, alone.
  func name(_ position: Int) -> String {
    bytes.withUnsafeBufferPointer { bytes in
      var offset = Int(starts[position])
      for _ in 0..<2 { offset += 2 + Self.length(bytes, at: offset) }
      let length = Self.length(bytes, at: offset)
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset + 2..<offset + 2 + length]), as: UTF8.self)
    }
  }

  private static func length(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
    Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
  }
}
