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

  init() {}

  /// Columns that `PackedIndex` has checked: as many of each as there are names, and `ends` in order
  /// and within `keyBytes`.
  init(keyBytes: [UInt8], ends: [UInt32], signatures: [UInt64], countries: [UInt32], fields: [NameField]) {
    self.keyBytes = keyBytes
    self.ends = ends
    self.signatures = signatures
    self.countries = countries
    self.fields = fields
  }

  var count: Int { ends.count }

  mutating func reserveCapacity(_ names: Int, bytes: Int) {
    keyBytes.reserveCapacity(bytes)
    ends.reserveCapacity(names)
    signatures.reserveCapacity(names)
    countries.reserveCapacity(names)
    fields.reserveCapacity(names)
  }

  mutating func append(_ key: [UInt8], country: Int, field: NameField) {
    keyBytes += key
    ends.append(UInt32(keyBytes.count))
    signatures.append(Self.signature(key))
    countries.append(UInt32(country))
    fields.append(field)
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
      for name in names.indices where names.fields[name] == field && names.mayContain(name, signature) {
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
              try body(
                Columns(keyBytes: keyBytes, ends: ends, signatures: signatures, countries: countries, fields: fields))
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

    var indices: Range<Int> { 0..<ends.count }

    @inline(__always) func key(_ index: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: keyBytes[(index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])])
    }

    @inline(__always) func country(_ index: Int) -> Int { Int(countries[index]) }

    /// Whether name `index` may contain a query with this signature.
    @inline(__always) func mayContain(_ index: Int, _ query: UInt64) -> Bool {
      signatures[index] & query == query
    }
  }

  /// The bytes and adjacent byte pairs of a folded text, hashed into 32 bits each. A key can contain
  /// (or equal, or start with) a query only if its signature has all of the query's bits, so a
  /// search passes over most names after one AND instead of a byte-by-byte scan.
  static func signature(_ text: some Collection<UInt8>) -> UInt64 {
    var bits: UInt64 = 0
    var previous: UInt8?
    for byte in text {
      bits |= 1 << UInt64(byte & 31)
      if let previous { bits |= 1 << (32 + UInt64((previous &* 7 &+ byte) & 31)) }
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
