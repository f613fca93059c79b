/// How `TapeDecoder` reads a string-keyed dictionary, a choice of speed only (the values and errors
/// are the same; `TapeDecoderTests` holds both to `JSONDecoder`).
package enum DictionaryReading: Sendable {
  /// By `Dictionary`'s own `Decodable`, through a keyed container: every key listed, then each
  /// looked up again and cast from its coding key.
  case byItsOwnDecodable
  /// Member by member in one pass (`TapeDecodableDictionary`), as `JSONDecoder` reads one: no key
  /// looked up twice. It takes a conformance check whose first use for each dictionary type scans
  /// the binary's conformance records: for documents of many records, where that is paid once for
  /// hundreds of dictionaries; one record's few dictionaries read faster without the scan.
  case memberByMember
}

/// A string-keyed dictionary, which `TapeDecoder` can read member by member (`DictionaryReading`).
/// The result is `Dictionary`'s own: each name once, with its first value (a later repeat is not
/// decoded), and a value that does not decode fails with its key in the coding path.
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
