/// A string-keyed dictionary, read from its object's members in one pass.
///
/// `Dictionary`'s own `init(from:)` lists the object's keys (`allKeys`), then asks the container
/// for each key's value in turn, through the generic `KeyedDecodingContainer` box: a scan of the
/// members for every key, and type metadata looked up for every value. A record's translations and
/// native names are two dozen such small objects, so this path took half of a refresh's decoding.
/// The result is the same: each name's first value (a repeated name, escaped or not, reads its first
/// value, as `JSONDecoder` and `allKeys` do), each value by its own `init(from:)`, and a failing value
/// names the same coding path (a numeric name is an integer key there, as `Dictionary`'s own key
/// makes it). `TapeDecoderTests` holds it to `JSONDecoder` on every bundled and fixture record, on
/// damaged documents, and on objects of every size with repeated and escaped names.
protocol TapeStringKeyedDictionary {
  static func decodeMembers(of decoder: TapeDecoder) throws -> Self
}

extension Dictionary: TapeStringKeyedDictionary where Key == String, Value: Decodable {
  static func decodeMembers(of decoder: TapeDecoder) throws -> Self {
    let tape = decoder.tape
    let object = tape.nodes[decoder.node]
    guard object.kind == .object else { throw decoder.mismatch([String: Any].self, object) }
    let members = Int(object.count)
    let path = decoder.path
    var result: [String: Value] = [:]
    result.reserveCapacity(members)
    // A small object's earlier names are compared as bytes; a large one's are kept in a set, so a
    // hostile object of 100,000 names stays linear.
    var earlier: [JSONTape.Node] = []
    var seen: Set<String> = []
    let large = members > TapeKeyedContainer<TapeIndexKey>.scanLimit
    var index = decoder.node + 1
    for _ in 0..<members {
      let name = tape.nodes[index]
      let value = index + 1
      index = tape.nodes[value].kind.isContainer ? Int(tape.nodes[value].next) : value + 1
      let text: String
      if large {
        text = tape.string(name)
        guard seen.insert(text).inserted else { continue }
      } else {
        guard !earlier.contains(where: { tape.sameText($0, name) }) else { continue }
        earlier.append(name)
        text = tape.string(name)
      }
      let key = TapeIndexKey(stringValue: text, intValue: Int(text))
      result[text] = try TapeDecoder(tape: tape, node: value, parent: path, key: key).value(Value.self)
    }
    return result
  }
}
