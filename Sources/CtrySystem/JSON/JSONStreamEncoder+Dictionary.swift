/// A string-keyed dictionary, which `JSONStreamEncoder` writes member by member: what `Dictionary`'s
/// own `encode(to:)` does through a keyed container (a coding key made and cast for each entry, and
/// each value passed through the container's box), written directly, as `JSONEncoder` writes such a
/// dictionary too. The bytes are the same: an object, its entries in the dictionary's order.
protocol StreamEncodableDictionary {
  func encodeMembers(into output: JSONOutput, depth: Int) throws
}

extension Dictionary: StreamEncodableDictionary where Key == String, Value: Encodable {
  /// The object in the slot `depth` containers deep.
  func encodeMembers(into output: JSONOutput, depth: Int) throws {
    output.open(.object, depth: depth)
    for (key, value) in self {
      output.member(key: key, depth: depth + 1)
      try output.value(value, depth: depth + 1)
    }
  }
}
