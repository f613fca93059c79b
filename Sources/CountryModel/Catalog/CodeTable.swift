/// Every cca2, cca3, ccn3 and cioc code, upper-case, to a catalog position, found by binary search.
///
/// The entries (`[u8 length][UTF-8 bytes][u32 position]`, little-endian) are sorted by their bytes
/// in one buffer, which is also the stored form (`PackedIndex`'s `codes` part): opening a snapshot
/// checks it and notes where each entry starts, and builds no dictionary.
struct CodeTable: Sendable, Equatable {
  /// The entries, back to back.
  let bytes: [UInt8]
  /// Where each entry starts in `bytes`.
  private let starts: [UInt32]

  /// The table of `codes`; a code longer than 255 bytes, which no country has, is left out.
  init(_ codes: [String: Int]) {
    let sorted = codes.map { (key: Array($0.key.utf8), position: $0.value) }
      .filter { $0.key.count <= 255 }
      .sorted { $0.key.lexicographicallyPrecedes($1.key) }
    var bytes: [UInt8] = []
    var starts: [UInt32] = []
    for (key, position) in sorted {
      starts.append(UInt32(bytes.count))
      bytes.append(UInt8(key.count))
      bytes += key
      withUnsafeBytes(of: UInt32(position).littleEndian) { bytes += $0 }
    }
    self.bytes = bytes
    self.starts = starts
  }

  /// A stored table, checked: every entry within the buffer, every position below `count`, and the
  /// codes in order without a repeat (what the binary search needs).
  init(packed bytes: [UInt8], count: Int) throws(PackedIndex.Damaged) {
    var starts: [UInt32] = []
    starts.reserveCapacity(bytes.count / 6)
    try bytes.withUnsafeBufferPointer { (buffer) throws(PackedIndex.Damaged) in
      var offset = 0
      var previous: UnsafeBufferPointer<UInt8>?
      while offset < buffer.count {
        let length = Int(buffer[offset])
        guard buffer.count - offset >= 1 + length + 4 else { throw PackedIndex.Damaged() }
        let key = UnsafeBufferPointer(rebasing: buffer[offset + 1..<offset + 1 + length])
        guard Self.position(in: buffer, at: offset + 1 + length) < count else { throw PackedIndex.Damaged() }
        if let previous, !previous.lexicographicallyPrecedes(key) { throw PackedIndex.Damaged() }
        starts.append(UInt32(offset))
        previous = key
        offset += 1 + length + 4
      }
    }
    self.bytes = bytes
    self.starts = starts
  }

  var count: Int { starts.count }

  /// The position of the country with this code (upper-case), or nil.
  subscript(code: String) -> Int? {
    var code = code
    return code.withUTF8 { key in
      bytes.withUnsafeBufferPointer { buffer in
        var low = 0
        var high = starts.count
        while low < high {
          let middle = (low + high) / 2
          if Self.key(in: buffer, at: Int(starts[middle])).lexicographicallyPrecedes(key) {
            low = middle + 1
          } else {
            high = middle
          }
        }
        guard low < starts.count else { return nil }
        let start = Int(starts[low])
        let found = Self.key(in: buffer, at: start)
        guard found.elementsEqual(key) else { return nil }
        return Self.position(in: buffer, at: start + 1 + found.count)
      }
    }
  }

  private static func key(in buffer: UnsafeBufferPointer<UInt8>, at start: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: buffer[start + 1..<start + 1 + Int(buffer[start])])
  }

  private static func position(in buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
    Int(UInt32(littleEndian: UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
  }
}
