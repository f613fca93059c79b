/// The catalog's indexes, each packed into one blob of the snapshot's `packed` table: start-up reads the
/// codes, English names and capitals and the border graph (three rows instead of thousands); the
/// native-name and translation index and the folded facets that filters and sorts read are loaded
/// when a command first needs them, without decoding a record.
///
/// Little-endian: a code is `[u8 length][bytes][u32 position]`; a name `[u16 length][bytes][u32
/// position][u8 field]`; the border graph, per position, `[u32 count][u32 neighbour]…`; the facets, per
/// position, strings and lists of strings (`[u16 length][bytes]`, `[u16 count]` then the strings),
/// a `u8` independence flag and the population and area as 64-bit patterns. Reading checks every
/// bound and position, so a damaged blob is an error, never a crash.
enum PackedIndex {
  static let codes = "codes"
  static let names = "primary_names"
  static let secondaryNames = "secondary_names"
  static let borders = "borders"
  static let facets = "facets"

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

  static func pack(facets: [FoldedFacets]) -> [UInt8] {
    var out: [UInt8] = []
    func bytes(_ value: [UInt8]) {
      let value = Array(value.prefix(Int(UInt16.max)))
      append(UInt16(value.count), to: &out)
      out += value
    }
    func list(_ values: [[UInt8]]) {
      append(UInt16(min(values.count, Int(UInt16.max))), to: &out)
      values.prefix(Int(UInt16.max)).forEach(bytes)
    }
    func strings(_ values: some Collection<String>) { list(values.sorted().map { Array($0.utf8) }) }
    for facet in facets {
      bytes(Array(facet.region.utf8))
      bytes(Array(facet.subregion.utf8))
      list(facet.capitals)
      strings(facet.languages)
      strings(facet.currencyCodes)
      list(facet.currencyNames)
      strings(facet.demonyms)
      list(facet.translations)
      out.append(facet.independent ? 1 : 0)
      append(UInt64(bitPattern: Int64(facet.population)), to: &out)
      append(facet.area.bitPattern, to: &out)
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

  static func facets(_ bytes: [UInt8], count: Int) throws(Damaged) -> [FoldedFacets] {
    var reader = Reader(bytes: bytes)
    func text() throws(Damaged) -> [UInt8] { try reader.take(Int(try reader.read(UInt16.self))) }
    func list() throws(Damaged) -> [[UInt8]] {
      let items = Int(try reader.read(UInt16.self))
      var values: [[UInt8]] = []
      for _ in 0..<items { values.append(try text()) }
      return values
    }
    func string() throws(Damaged) -> String { String(decoding: try text(), as: UTF8.self) }
    func strings() throws(Damaged) -> Set<String> { Set(try list().map { String(decoding: $0, as: UTF8.self) }) }
    var facets: [FoldedFacets] = []
    facets.reserveCapacity(count)
    for _ in 0..<count {
      let region = try string()
      let subregion = try string()
      let capitals = try list()
      let languages = try strings()
      let currencyCodes = try strings()
      let currencyNames = try list()
      let demonyms = try strings()
      let translations = try list()
      let independent = try reader.read(UInt8.self)
      guard independent <= 1 else { throw Damaged() }
      let population = Int(Int64(bitPattern: try reader.read(UInt64.self)))
      let area = Double(bitPattern: try reader.read(UInt64.self))
      facets.append(
        FoldedFacets(
          region: region, subregion: subregion, capitals: capitals, languages: languages, currencyCodes: currencyCodes,
          currencyNames: currencyNames, demonyms: demonyms, translations: translations, independent: independent == 1,
          population: population, area: area))
    }
    guard reader.atEnd else { throw Damaged() }
    return facets
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
