/// The searchable names of a catalog: each name's folded key (UTF-8 bytes, compared without
/// Foundation), the country it names, which of its names it is, and the key's signature.
///
/// Kept as columns (every key back to back in one buffer, and an array for each of the others)
/// rather than as an array per name: a snapshot's packed part is copied in column by column, with
/// no allocation per name and no signature to compute (1,640 English names and capitals at every
/// start, 4,472 native names and translations for a search, each once per country and field).
struct NameTable: Sendable, Equatable {
  /// Every key, back to back.
  private(set) var keyBytes: [UInt8] = []
  /// Where each key ends in `keyBytes`; it starts where the one before it ends.
  private(set) var ends: [UInt32] = []
  /// `NameTable.signature(key)` of each key.
  private(set) var signatures: [UInt64] = []
  /// Each name's country, a catalog position.
  private(set) var countries: [UInt32] = []
  private(set) var fields: [NameField] = []
  /// The signatures of each run of `blockSize` names, OR-ed: a query that lacks a bit of a run's
  /// passes over its names at once (derived from `signatures`, not stored in a snapshot).
  private(set) var blocks: [UInt64] = []

  /// Names a block: of 4, 8, 16 and 32, the size the benchmark's command mix ran fastest with (a
  /// country's names are together, so a run is mostly one country's).
  static let blockSize = 8

  init() {}

  /// Columns that `PackedIndex` has checked: as many of each as there are names, and `ends` in order
  /// and within `keyBytes`.
  init(keyBytes: [UInt8], ends: [UInt32], signatures: [UInt64], countries: [UInt32], fields: [NameField]) {
    self.keyBytes = keyBytes
    self.ends = ends
    self.signatures = signatures
    self.countries = countries
    self.fields = fields
    blocks = [UInt64](repeating: 0, count: (signatures.count + Self.blockSize - 1) / Self.blockSize)
    for (name, signature) in signatures.enumerated() { blocks[name / Self.blockSize] |= signature }
  }

  var count: Int { ends.count }

  mutating func reserveCapacity(_ names: Int, bytes: Int) {
    keyBytes.reserveCapacity(bytes)
    ends.reserveCapacity(names)
    signatures.reserveCapacity(names)
    countries.reserveCapacity(names)
    fields.reserveCapacity(names)
  }

  /// Appends `key` unless a name from position `start` on has it already; whether it did.
  mutating func append(_ key: [UInt8], country: Int, field: NameField, unlessPresentFrom start: Int) -> Bool {
    let signature = Self.signature(key)
    for name in start..<count where signatures[name] == signature {
      let from = name == 0 ? 0 : Int(ends[name - 1])
      if keyBytes[from..<Int(ends[name])].elementsEqual(key) { return false }
    }
    keyBytes += key
    ends.append(UInt32(keyBytes.count))
    if (signatures.count % Self.blockSize) == 0 {
      blocks.append(signature)
    } else {
      blocks[blocks.count - 1] |= signature
    }
    signatures.append(signature)
    countries.append(UInt32(country))
    fields.append(field)
    return true
  }

  /// The key of name `index`, copied.
  func key(_ index: Int) -> [UInt8] {
    Array(keyBytes[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])])
  }

  func country(_ index: Int) -> Int { Int(countries[index]) }

  /// The first name of the country at `position`: names are in country order (`CatalogIndex.build`
  /// puts each country's names together).
  func first(ofCountry position: Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if countries[middle] < position { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// By position (`count` of them), whether the country has a name of `field` that contains `text`
  /// (folded): one pass over the table, most names passed over on their signature.
  func countries(_ count: Int, with field: NameField, containing text: [UInt8]) -> [Bool] {
    var found = [Bool](repeating: false, count: count)
    let signature = Self.signature(text)
    withColumns { names in
      names.forEachName(matching: signature) { name in
        guard names.fields[name] == field else { return }
        let country = names.country(name)
        if country < count, !found[country], names.key(name).occurrence(of: text).found { found[country] = true }
      }
    }
    return found
  }

  /// The first name of `field` of the country at `position` whose key has every bit of `signature`
  /// and passes `predicate`.
  func first(
    ofCountry position: Int, field: NameField, signature: UInt64,
    where predicate: (UnsafeBufferPointer<UInt8>) -> Bool
  ) -> Int? {
    withColumns { names in
      var name = first(ofCountry: position)
      while name < names.indices.upperBound, names.country(name) == position {
        if names.fields[name] == field, names.mayContain(name, signature), predicate(names.key(name)) { return name }
        name += 1
      }
      return nil
    }
  }

  /// `body` over the columns in place, for a loop over every name.
  func withColumns<Result>(_ body: (Columns) throws -> Result) rethrows -> Result {
    try keyBytes.withUnsafeBufferPointer { keyBytes in
      try ends.withUnsafeBufferPointer { ends in
        try signatures.withUnsafeBufferPointer { signatures in
          try countries.withUnsafeBufferPointer { countries in
            try fields.withUnsafeBufferPointer { fields in
              try blocks.withUnsafeBufferPointer { blocks in
                try body(
                  Columns(
                    keyBytes: keyBytes, ends: ends, signatures: signatures, countries: countries, fields: fields,
                    blocks: blocks))
              }
            }
          }
        }
      }
    }
  }

  /// The columns of a `NameTable`, valid inside `withColumns`.
  struct Columns {
    let keyBytes: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<UInt32>
    let signatures: UnsafeBufferPointer<UInt64>
    let countries: UnsafeBufferPointer<UInt32>
    let fields: UnsafeBufferPointer<NameField>
    let blocks: UnsafeBufferPointer<UInt64>

    var indices: Range<Int> { 0..<ends.count }

    @inline(__always) func key(_ index: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: keyBytes[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])])
    }

    @inline(__always) func country(_ index: Int) -> Int { Int(countries[index]) }

    /// Whether name `index` may contain a query with this signature.
    @inline(__always) func mayContain(_ index: Int, _ query: UInt64) -> Bool {
      signatures[index] & query == query
    }

    /// Calls `body` with each name that may contain a query with signature `query` (`mayContain`),
    /// or, when `equal`, whose signature is `query` (a key equal to the query's), in order. A block
    /// of names whose signatures together lack a bit of `query` is passed over at once, not a name at
    /// a time.
    @inline(__always) func forEachName(matching query: UInt64, equal: Bool = false, _ body: (Int) -> Void) {
      let size = NameTable.blockSize
      var block = Self.nextBlock(blocks, from: 0, having: query)
      while block < blocks.count {
        let start = block * size
        for index in start..<min(start + size, signatures.count)
        where equal ? signatures[index] == query : signatures[index] & query == query {
          body(index)
        }
        block = Self.nextBlock(blocks, from: block + 1, having: query)
      }
    }

    /// The first block from `start` on whose names together have every bit of `query`, or
    /// `blocks.count`: a loop of its own, which keeps its few values in registers.
    @inline(never) static func nextBlock(
      _ blocks: UnsafeBufferPointer<UInt64>, from start: Int, having query: UInt64
    ) -> Int {
      var block = start
      while block < blocks.count, blocks[block] & query != query { block += 1 }
      return block
    }
  }

  /// The bytes and adjacent ASCII byte pairs of a folded text, hashed into 32 bits each. A key can contain
  /// (or equal, or start with) a query only if its signature has all of the query's bits, so a
  /// search passes over most names after one AND instead of a byte-by-byte scan.
  ///
  /// ASCII letters and the bytes of other letters have bits of their own, and only pairs of ASCII
  /// bytes are counted: a Cyrillic, Arabic or CJK name (most of the 4,500 translations and native
  /// names) then has none of a Latin query's bits; sharing them, such names passed the signature
  /// and were scanned byte by byte for every search.
  static func signature(_ text: some Collection<UInt8>) -> UInt64 {
    var bits: UInt64 = 0
    var previous: UInt8 = 0x80
    for byte in text {
      // a–z are bits 1–26 (digits share theirs, space is 0); the bytes of other letters 27–31.
      bits |= 1 << (byte < 0x80 ? UInt64(byte & 31) : 27 + UInt64(byte % 5))
      // Pairs of ASCII bytes: bits 32–63.
      if previous | byte < 0x80 { bits |= 1 << (32 + UInt64((previous &* 7 &+ byte) & 31)) }
      previous = byte
    }
    return bits
  }

  /// The signature a key must have to match `query` in any way `MatchRank.of` knows: the
  /// signature of each word, combined (a key with the words in another order has those, not the
  /// byte pairs across the spaces).
  static func querySignature(_ query: [UInt8]) -> UInt64 {
    query.split(separator: 0x20).reduce(0) { $0 | signature($1) }
  }
}
