/// A string-keyed dictionary, which `TapeDecoder` reads member by member: what `Dictionary`'s own
/// `init(from:)` does through a keyed container (every key listed, then each looked up again by
/// name, then cast from its coding key), in one pass over the object, as `JSONDecoder` reads such a
/// dictionary too. The result is the same: each name once, with its first value (a later repeat is
/// not decoded), and a value that does not decode fails with its key in the coding path.
protocol TapeDecodableDictionary {
  init(members decoder: TapeDecoder) throws
}

extension Dictionary: TapeDecodableDictionary where Key == String, Value: Decodable {
  /// The members of the object at `decoder`'s node (the caller has checked that it is one).
  init(members decoder: TapeDecoder) throws {
    let tape = decoder.tape
    let object = decoder.node
    let members = Int(tape.nodes[object].count)
    self.init(minimumCapacity: members)
    let path = decoder.path
    var position = object + 1
    for _ in 0..<members {
      let value = position + 1
      let found = tape.nodes[value]
      let name = tape.string(tape.nodes[position])
      position = found.kind.isContainer ? Int(found.next) : value + 1
      guard self[name] == nil else { continue }
      let child = TapeDecoder(tape: tape, node: value, parent: path, key: TapeIndexKey(dictionaryKey: name))
      self[name] = try child.value(Value.self)
    }
  }
}
