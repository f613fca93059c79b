/// The one stored form of a `CatalogIndex`: each part packed into one blob, a row of the snapshot's
/// `catalog_index` table. Start-up reads the codes, English names and capitals and the border graph
/// (three rows instead of thousands); the native-name and translation index, the folded facets that
/// filters and sorts read, the distinct facet values, what a list shows of each country and how each
/// name is written are read when a command first needs them, without decoding a record.
///
/// Little-endian: a code is `[u8 length][bytes][u32 position]`, sorted by the bytes; a name table is
/// columns, `[u32 count][u32 key bytes]`, each name's key end (`u32`), signature (`u64`), position
/// (`u32`) and field (`u8`), then the keys back to back; the border graph, per position, `[u32
/// count][u32 neighbour]…`; the facets, per position, strings and lists of strings (`[u16
/// length][bytes]`, `[u16 count]` then the strings), a `u8` independence flag and the population and
/// area as 64-bit patterns; the facet values, lists of strings with a `[u32 count]` (the languages as
/// code, name, code, name…, by code); a list's rows, per position, cca2, cca3, common name, flag,
/// the capitals (`[u16 count]` then the strings), region and the population as a 64-bit pattern (-1
/// for none); the spellings of a name table, `[u32 count][u32 text bytes]`, the language
/// codes in order of first use (`[u32 count]`, then `[u16 length][bytes]` each), each name's text end
/// (`u32`) and language (`u32`, a place among the codes, `0xFFFFFFFF` for none), then the texts back
/// to back. Sets and dictionaries are written sorted, so one index always packs to the same bytes.
/// Reading checks every bound and position, so a damaged blob is an error, never a crash.
package enum PackedIndex {
  /// A row of the `catalog_index` table.
  package enum Part: String, CaseIterable, Sendable {
    case codes
    case primaryNames = "primary_names"
    case borders
    case secondaryNames = "secondary_names"
    case facets
    case facetValues = "facet_values"
    case rows
    case primarySpellings = "primary_spellings"
    case secondarySpellings = "secondary_spellings"

    /// What start-up reads; the other parts are read on first use.
    package static let startUp: [Part] = [.codes, .primaryNames, .borders]
  }

  package struct Damaged: Error {}

  // MARK: Writing

  /// Every part of `index`, packed, in `Part` order.
  package static func pack(_ index: CatalogIndex) -> [(part: Part, bytes: [UInt8])] {
    Part.allCases.map { part in
      switch part {
      case .codes: (part, index.codes.bytes)
      case .primaryNames: (part, pack(names: index.primaryNames))
      case .borders: (part, pack(adjacency: index.adjacency))
      case .secondaryNames: (part, pack(names: index.secondaryNames))
      case .facets: (part, pack(facets: index.facets))
      case .facetValues: (part, pack(facetValues: index.facetValues))
      case .rows: (part, index.rows.bytes)
      case .primarySpellings: (part, pack(spellings: index.primarySpellings))
      case .secondarySpellings: (part, pack(spellings: index.secondarySpellings))
      }
    }
  }

  /// The first of `parts` (as `pack` gives them, in `Part` order) that would not read back as
  /// `index(count:…)` reads a snapshot of `count` countries, or nil when all would: a snapshot holds
  /// no part its reader would find damaged.
  package static func unreadable(_ parts: [(part: Part, bytes: [UInt8])], count: Int) -> Part? {
    var primaryNames = 0
    var secondaryNames = 0
    for (part, bytes) in parts {
      do throws(Damaged) {
        switch part {
        case .codes: guard try codes(bytes, count: count).count > 0 else { return part }
        case .primaryNames:
          primaryNames = try names(bytes, count: count).count
          guard primaryNames > 0 else { return part }
        case .secondaryNames: secondaryNames = try names(bytes, count: count).count
        case .borders: _ = try adjacency(bytes, count: count)
        case .facets: _ = try facets(bytes, count: count)
        case .facetValues: _ = try facetValues(bytes, count: count)
        case .rows: _ = try rows(bytes, count: count)
        case .primarySpellings: _ = try spellings(bytes, names: primaryNames)
        case .secondarySpellings: _ = try spellings(bytes, names: secondaryNames)
        }
      } catch {
        return part
      }
    }
    return nil
  }

  static func pack(names: NameTable) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(8 + names.count * 17 + names.keyBytes.count)
    append(UInt32(names.count), to: &out)
    append(UInt32(names.keyBytes.count), to: &out)
    for end in names.ends { append(end, to: &out) }
    for signature in names.signatures { append(signature, to: &out) }
    for country in names.countries { append(country, to: &out) }
    for field in names.fields { out.append(UInt8(field.rawValue)) }
    out += names.keyBytes
    return out
  }

  static func pack(spellings: NameSpellings) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(12 + spellings.count * 8 + spellings.textBytes.count)
    append(UInt32(spellings.count), to: &out)
    append(UInt32(spellings.textBytes.count), to: &out)
    append(strings: spellings.languageCodes, to: &out)
    for end in spellings.ends { append(end, to: &out) }
    for language in spellings.languages { append(language, to: &out) }
    out += spellings.textBytes
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
      out.append(facet.independent ? 1 : 0)
      append(UInt64(bitPattern: Int64(facet.population)), to: &out)
      append(facet.area.bitPattern, to: &out)
    }
    return out
  }

  static func pack(facetValues values: FacetValues) -> [UInt8] {
    var out: [UInt8] = []
    let languages = values.languages.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
    for list in [
      values.regions, values.subregions, languages, values.demonyms, values.otherNames, values.currencyCodes,
    ] {
      append(strings: list, to: &out)
    }
    // Each currency's name, symbol (a presence byte first: none is not an empty one) and users.
    for use in values.currencies {
      append(string: use.currency.name, to: &out)
      out.append(use.currency.symbol == nil ? 0 : 1)
      if let symbol = use.currency.symbol { append(string: symbol, to: &out) }
      append(UInt32(use.positions.count), to: &out)
      for position in use.positions { append(UInt32(position), to: &out) }
    }
    return out
  }

  /// A list of strings: `[u32 count]`, then each string.
  private static func append(strings: [String], to out: inout [UInt8]) {
    append(UInt32(strings.count), to: &out)
    for value in strings { append(string: value, to: &out) }
  }

  private static func append(string value: String, to out: inout [UInt8]) {
    let bytes = Array(value.utf8.prefix(Int(UInt16.max)))
    append(UInt16(bytes.count), to: &out)
    out += bytes
  }

  private static func append<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { out += $0 }
  }

  // MARK: Reading

  /// The index stored in `startUp` (the `Part.startUp` rows, decoded now: damage there is an error)
  /// and the rows `later` reads, each decoded on first use, or taken from `rebuilt()` when it is
  /// missing or damaged then.
  package static func index(
    count: Int, startUp parts: [Part: [UInt8]], later read: @escaping @Sendable (Part) -> [UInt8]?,
    rebuilt: @escaping @Sendable () -> CatalogIndex
  ) throws(Damaged) -> CatalogIndex {
    let codes = try codes(parts[.codes] ?? [], count: count)
    let names = try names(parts[.primaryNames] ?? [], count: count)
    guard codes.count > 0, names.count > 0 else { throw Damaged() }
    func deferred<Value>(
      _ part: Part, _ decode: @escaping @Sendable ([UInt8], Int) throws(Damaged) -> Value,
      _ rebuiltPart: @escaping @Sendable (CatalogIndex) -> Value
    ) -> CatalogIndex.Deferred<Value> {
      CatalogIndex.Deferred {
        if let bytes = read(part), let value = try? decode(bytes, count) { return value }
        return rebuiltPart(rebuilt())
      }
    }
    let secondaryNames = deferred(.secondaryNames, Self.names, \.secondaryNames)
    // Spellings are checked against their table: one for each of its names.
    let primaryCount = names.count
    return CatalogIndex(
      codes: codes, primaryNames: names, adjacency: try adjacency(parts[.borders] ?? [], count: count),
      secondaryNames: secondaryNames,
      primarySpellings: deferred(
        .primarySpellings, { bytes, _ throws(Damaged) in try spellings(bytes, names: primaryCount) }, \.primarySpellings
      ),
      secondarySpellings: deferred(
        .secondarySpellings, { bytes, _ throws(Damaged) in try spellings(bytes, names: secondaryNames.value.count) },
        \.secondarySpellings),
      facets: deferred(.facets, Self.facets, \.facets),
      facetValues: deferred(.facetValues, Self.facetValues, \.facetValues),
      rows: deferred(.rows, Self.rows, \.rows))
  }

  static func codes(_ bytes: [UInt8], count: Int) throws(Damaged) -> CodeTable {
    try CodeTable(packed: bytes, count: count)
  }

  /// A name table, column by column: each column is copied whole, then checked (the ends in order
  /// and within the keys, each country a position, each field one that exists).
  static func names(_ bytes: [UInt8], count: Int) throws(Damaged) -> NameTable {
    var reader = Reader(bytes: bytes)
    let names = Int(try reader.read(UInt32.self))
    let keyLength = Int(try reader.read(UInt32.self))
    // 17 bytes a name (end, signature, country, field), then the keys: anything else is damage.
    guard (bytes.count - reader.offset - keyLength) == names * 17 else { throw Damaged() }
    let ends = try reader.column(UInt32.self, names)
    let signatures = try reader.column(UInt64.self, names)
    let countries = try reader.column(UInt32.self, names)
    let fieldBytes = try reader.take(names)
    let keyBytes = try reader.take(keyLength)
    var previous: UInt32 = 0
    for end in ends {
      guard end >= previous else { throw Damaged() }
      previous = end
    }
    guard previous == keyLength, countries.allSatisfy({ $0 < count }) else { throw Damaged() }
    var fields: [NameField] = []
    fields.reserveCapacity(names)
    for byte in fieldBytes {
      guard let field = NameField(rawValue: Int(byte)) else { throw Damaged() }
      fields.append(field)
    }
    return NameTable(keyBytes: keyBytes, ends: ends, signatures: signatures, countries: countries, fields: fields)
  }

  /// The spellings of a table of `names` names, column by column, checked like the table itself
  /// (each language a place in the list of codes).
  static func spellings(_ bytes: [UInt8], names: Int) throws(Damaged) -> NameSpellings {
    var reader = Reader(bytes: bytes)
    guard Int(try reader.read(UInt32.self)) == names else { throw Damaged() }
    let textLength = Int(try reader.read(UInt32.self))
    let codes = try reader.strings()
    // 8 bytes a name (end, language), then the text: anything else is damage.
    guard bytes.count - reader.offset - textLength == names * 8 else { throw Damaged() }
    let ends = try reader.column(UInt32.self, names)
    let languages = try reader.column(UInt32.self, names)
    let textBytes = try reader.take(textLength)
    var previous: UInt32 = 0
    for end in ends {
      guard end >= previous else { throw Damaged() }
      previous = end
    }
    guard previous == textLength,
      languages.allSatisfy({ $0 == NameSpellings.noLanguage || Int($0) < codes.count })
    else { throw Damaged() }
    return NameSpellings(textBytes: textBytes, ends: ends, languages: languages, languageCodes: codes)
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
    func string() throws(Damaged) -> String { try reader.text(Int(try reader.read(UInt16.self))) }
    // Sorted and distinct, as `facets(_:)` writes them; a list that is not is damage.
    func strings() throws(Damaged) -> [String] {
      let items = Int(try reader.read(UInt16.self))
      var values: [String] = []
      values.reserveCapacity(items)
      for _ in 0..<items {
        let value = try reader.text(Int(try reader.read(UInt16.self)))
        if let last = values.last, !(last < value) { throw Damaged() }
        values.append(value)
      }
      return values
    }
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
      let independent = try reader.read(UInt8.self)
      guard independent <= 1 else { throw Damaged() }
      let population = Int(Int64(bitPattern: try reader.read(UInt64.self)))
      let area = Double(bitPattern: try reader.read(UInt64.self))
      facets.append(
        FoldedFacets(
          region: region, subregion: subregion, capitals: capitals, languages: languages, currencyCodes: currencyCodes,
          currencyNames: currencyNames, demonyms: demonyms, independent: independent == 1,
          population: population, area: area))
    }
    guard reader.atEnd else { throw Damaged() }
    return facets
  }

  static func rows(_ bytes: [UInt8], count: Int) throws(Damaged) -> RowTable {
    try RowTable(packed: bytes, count: count)
  }

  static func facetValues(_ bytes: [UInt8], count: Int) throws(Damaged) -> FacetValues {
    var reader = Reader(bytes: bytes)
    let regions = try reader.strings()
    let subregions = try reader.strings()
    let pairs = try reader.strings()
    guard pairs.count.isMultiple(of: 2) else { throw Damaged() }
    var languages: [String: String] = [:]
    for pair in stride(from: 0, to: pairs.count, by: 2) { languages[pairs[pair]] = pairs[pair + 1] }
    let demonyms = try reader.strings()
    let otherNames = try reader.strings()
    let codes = try reader.strings()
    var currencies: [CurrencyUse] = []
    currencies.reserveCapacity(codes.count)
    for code in codes {
      let name = try reader.string()
      let symbol: String? = try reader.read(UInt8.self) == 0 ? nil : try reader.string()
      let users = Int(try reader.read(UInt32.self))
      guard users <= count else { throw Damaged() }
      var positions: [Int] = []
      positions.reserveCapacity(users)
      for _ in 0..<users { positions.append(try reader.position(below: count)) }
      currencies.append(CurrencyUse(code: code, currency: Currency(name: name, symbol: symbol), positions: positions))
    }
    guard reader.atEnd else { throw Damaged() }
    return FacetValues(
      regions: regions, subregions: subregions, languages: languages, demonyms: demonyms, otherNames: otherNames,
      currencies: currencies)
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

    /// `length` bytes as text, read in place (no array in between).
    mutating func text(_ length: Int) throws(Damaged) -> String {
      guard length >= 0, bytes.count - offset >= length else { throw Damaged() }
      defer { offset += length }
      return bytes.withUnsafeBufferPointer { buffer in
        String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<offset + length]), as: UTF8.self)
      }
    }

    /// `[u16 length][bytes]` as text.
    mutating func string() throws(Damaged) -> String {
      try text(Int(try read(UInt16.self)))
    }

    /// `[u32 count]`, then that many strings.
    mutating func strings() throws(Damaged) -> [String] {
      let items = Int(try read(UInt32.self))
      // Each string takes at least its two length bytes: a count beyond that is damage.
      guard items <= (bytes.count - offset) / 2 else { throw Damaged() }
      var values: [String] = []
      values.reserveCapacity(items)
      for _ in 0..<items { values.append(try string()) }
      return values
    }

    /// `count` little-endian integers, copied at once.
    mutating func column<T: FixedWidthInteger>(_ type: T.Type, _ count: Int) throws(Damaged) -> [T] {
      let size = count * MemoryLayout<T>.size
      guard count >= 0, bytes.count - offset >= size else { throw Damaged() }
      defer { offset += size }
      return [T](unsafeUninitializedCapacity: count) { column, initialized in
        bytes.withUnsafeBytes { source in
          UnsafeMutableRawBufferPointer(column).copyMemory(
            from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + size]))
        }
        for index in 0..<count { column[index] = T(littleEndian: column[index]) }
        initialized = count
      }
    }

    mutating func read<T: FixedWidthInteger>(_ type: T.Type) throws(Damaged) -> T {
      let size = MemoryLayout<T>.size
      guard bytes.count - offset >= size else { throw Damaged() }
      defer { offset += size }
      return bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }

    mutating func position(below count: Int) throws(Damaged) -> Int {
      let position = Int(try read(UInt32.self))
      guard position < count else { throw Damaged() }
      return position
    }
  }
}
