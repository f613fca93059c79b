import CountryModel
import CtrySystem
import FoundationEssentials

/// Records fetched in field chunks (`/all?fields=cca3,name,…`, then `/all?fields=cca3,tld,…`), decoded
/// as whole records: every chunk's body is parsed in one `JSONTape`, each record's objects (matched by
/// `key`) are merged into one object on a new tape over the same bytes, and the records decode from it
/// by their model's own `Decodable`. No JSON is built or written in between, and no field list other
/// than the model's is needed.
enum ChunkedRecords<Record: Decodable> {
  /// The records in the order of their first appearance.
  static func decode(_ bodies: [Data], key: String) throws(APIError) -> [Record] {
    // One array of the chunks, copied once into a buffer of its whole size (appended to a `Data` and
    // then copied into an array, the 730 KB of a refresh were copied three times).
    var document: [UInt8] = []
    document.reserveCapacity(bodies.reduce(bodies.count + 1) { $0 + $1.count })
    document.append(UInt8(ascii: "["))
    for (index, body) in bodies.enumerated() {
      if index > 0 { document.append(UInt8(ascii: ",")) }
      body.withUnsafeBytes { document.append(contentsOf: $0) }
    }
    document.append(UInt8(ascii: "]"))
    let tape: JSONTape
    do {
      // Hundreds of records: their dictionaries are read member by member (`DictionaryReading`).
      tape = try JSONTape(document, dictionaries: .memberByMember)
    } catch {
      // A chunk that is not JSON spoils the whole document: name it, and where it stops being JSON.
      for (index, body) in bodies.enumerated() {
        do throws(JSONTape.SyntaxError) {
          _ = try JSONTape([UInt8](body))
        } catch {
          throw .decoding(
            "chunk \(index + 1) of /all is not a JSON array of objects (\(error.reason) at byte \(error.offset))")
        }
      }
      throw .decoding("the chunks of /all are not JSON arrays of objects")
    }
    let merged = tape.merged(try groups(tape, count: bodies.count, key: key))
    do {
      return try TapeDecoder.decode([Record].self, from: merged)
    } catch let error as DecodingError {
      throw .decoding(CountryDecoding.describe(error))
    } catch {
      throw .decoding("\(error)")
    }
  }

  /// Each record's objects (nodes of `tape`), one from each chunk, in the order of the records'
  /// first appearance. A record that one chunk leaves out is refused: merged, it would lack that
  /// chunk's fields.
  private static func groups(_ tape: JSONTape, count: Int, key: String) throws(APIError) -> [[Int]] {
    let nodes = tape.nodes
    var groups: [[Int]] = []
    var group: [String: Int] = [:]
    var chunkNode = 1
    for chunk in 1..<Int(nodes[0].count) + 1 {
      guard chunk <= count, nodes[chunkNode].kind == .array else {
        throw .decoding("chunk \(chunk) of /all is not a JSON array of objects")
      }
      // Too many records is refused before any is decoded.
      if let tooMany = DataLimits.tooMany(Int(nodes[chunkNode].count)) { throw .invalid(tooMany) }
      // A record twice in one chunk is a duplicate country: the merge would hide it from the
      // refresh's own check, so it is caught here.
      var seen = Set<String>()
      var record = chunkNode + 1
      for position in 0..<Int(nodes[chunkNode].count) {
        guard nodes[record].kind == .object else {
          throw .decoding("chunk \(chunk) of /all is not a JSON array of objects")
        }
        guard let value = tape.member(key, of: record), nodes[value].kind == .string,
          case let id = tape.string(nodes[value]), !id.isEmpty
        else { throw .decoding("[\(position)].\(key): missing in chunk \(chunk)") }
        guard seen.insert(id).inserted else {
          throw .invalid("[\(position)].\(key) \(Sanitized.line(id, limit: 10)) appears twice (chunk \(chunk))")
        }
        if let known = group[id] {
          groups[known].append(record)
        } else {
          group[id] = groups.count
          groups.append([record])
        }
        record = Int(nodes[record].next)
      }
      chunkNode = Int(nodes[chunkNode].next)
    }
    guard nodes[0].count == count else { throw .decoding("chunk \(nodes[0].count + 1) of /all is missing") }
    // A record is at most once in a chunk, so one object fewer than the chunks is one left out:
    // the first such record is named, with the first chunk that lacks it.
    if let short = groups.first(where: { $0.count < count }) {
      let present = short.map { chunk(of: $0, in: nodes) }
      let missing = (1...count).first { !present.contains($0) } ?? 1
      let id = tape.member(key, of: short[0]).map { tape.string(nodes[$0]) } ?? ""
      throw .invalid(
        "chunk \(missing) of /all leaves out \(Sanitized.line(id, limit: 10)), which chunk \(present[0]) has")
    }
    return groups
  }

  /// The chunk (from 1) that holds the node `record`.
  private static func chunk(of record: Int, in nodes: [JSONTape.Node]) -> Int {
    var chunk = 1
    var chunkNode = 1
    while Int(nodes[chunkNode].next) <= record {
      chunkNode = Int(nodes[chunkNode].next)
      chunk += 1
    }
    return chunk
  }
}
