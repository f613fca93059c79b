import CtrySystem
import Glibc

/// One ISO 3166-2 subdivision: `US-HI`, a state, Hawaii.
public struct Subdivision: Sendable, Hashable {
  /// The ISO 3166-2 code, `US-HI`; its country's alpha-2 code comes before the hyphen.
  public let code: String
  /// What ISO 3166-2 calls it, in lower case but for a proper noun: `state`, `London borough`.
  public let kind: String
  /// The code of the subdivision it lies in (ES-TF in ES-CN), nil for none.
  public let parent: String?
  /// Its English name (CLDR's): Bavaria.
  public let name: String
  /// iso-codes' name when it is not `name`: Bayern.
  public let otherName: String?

  /// The alpha-2 code of its country.
  public var countryCode: String { String(code.prefix { $0 != "-" }) }
}

/// A place people look up that is not an ISO 3166-2 subdivision (Somaliland), with what to say of it.
public struct PlaceNote: Sendable, Hashable {
  /// The alpha-2 code of the country it lies in.
  public let countryCode: String
  public let name: String
  public let note: String
}

/// A name that is a subdivision's or a noted place's.
public enum SubdivisionMatch: Sendable, Hashable {
  case subdivision(Subdivision)
  case place(PlaceNote)

  public var countryCode: String {
    switch self {
    case .subdivision(let subdivision): subdivision.countryCode
    case .place(let place): place.countryCode
    }
  }
}

/// The ISO 3166-2 subdivisions of every country, from `Resources/subdivisions.tsv` (made by
/// `Scripts/make-dataset`; `Scripts/dataset/subdivisions.py` documents the format). Only
/// `subdivisions`, a lookup no country's name answers and completion load it, never a lookup that
/// finds a country; a country's lines are decoded when it is asked about.
public struct Subdivisions: BundledResource {
  public static let fileName = "subdivisions.tsv"
  private let bytes: [UInt8]
  private let origin: String
  /// Each country's lines (by alpha-2 code): their byte ranges and the first's line number.
  private let lines: [String: [(range: Range<Int>, number: Int)]]
  /// The places that are no subdivision.
  public let places: [PlaceNote]
  /// Every name and other name, folded, each with its line: made on the first lookup by name or
  /// prefix, then kept with the table (a process reads it once).
  private let folded = Lazy<FoldedNames>()

  /// Parses the file's text (`origin` names it in errors).
  public init(text: String, origin: String = Subdivisions.fileName) throws(CtryError) {
    try self.init(bytes: Array(text.utf8), origin: origin)
  }

  package init(bytes: [UInt8], origin: String) throws(CtryError) {
    var lines: [String: [(range: Range<Int>, number: Int)]] = [:]
    var places: [PlaceNote] = []
    // A country's lines come together: its code is made into a string once, where its lines begin.
    var code: (UInt8, UInt8)?
    var current: [(range: Range<Int>, number: Int)] = []
    func flush() {
      guard let code, !current.isEmpty else { return }
      lines[String(decoding: [code.0, code.1], as: UTF8.self), default: []] += current
      current.removeAll(keepingCapacity: true)
    }
    try Self.forEachLine(in: bytes) { (line, number) throws(CtryError) in
      let (lineStart, lineEnd) = (line.lowerBound, line.upperBound)
      if bytes[lineStart] == UInt8(ascii: "@") {
        let fields = bytes[lineStart..<lineEnd].split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        guard fields.count == 4, String(decoding: fields[0], as: UTF8.self) == "@note", fields[1].count == 2,
          !fields[2].isEmpty, !fields[3].isEmpty
        else { throw CtryError(.data, "\(origin):\(number): not a note line") }
        places.append(
          PlaceNote(
            countryCode: String(decoding: fields[1], as: UTF8.self), name: String(decoding: fields[2], as: UTF8.self),
            note: String(decoding: fields[3], as: UTF8.self)))
        return
      }
      guard lineEnd - lineStart > 3, bytes[lineStart + 2] == UInt8(ascii: "-") else {
        throw CtryError(.data, "\(origin):\(number): not a subdivision line")
      }
      let lineCode = (bytes[lineStart], bytes[lineStart + 1])
      if code.map({ $0 != lineCode }) ?? true {
        flush()
        code = lineCode
      }
      current.append((lineStart..<lineEnd, number))
    }
    flush()
    self.bytes = bytes
    self.origin = origin
    self.lines = lines
    self.places = places
  }

  /// The alpha-2 codes of the countries with subdivisions.
  public var countryCodes: [String] { lines.keys.sorted() }

  /// How many subdivisions the file holds.
  public var count: Int { lines.values.reduce(0) { $0 + $1.count } }

  /// The subdivisions of the country with this alpha-2 code, by code (none for a code the file does
  /// not hold).
  public func of(_ cca2: String) throws(CtryError) -> [Subdivision] {
    var out: [Subdivision] = []
    for (range, number) in lines[cca2.uppercased()] ?? [] { out.append(try subdivision(range, number: number)) }
    return out
  }

  /// The subdivisions and noted places whose name, other name or code is `text` (case and
  /// diacritics ignored), top-level subdivisions first, then by code.
  public func named(_ text: String) throws(CtryError) -> [SubdivisionMatch] {
    let query = TextFolding.foldedBytes(text)
    guard !query.isEmpty else { return [] }
    let code = text.trimmingWhitespace().uppercased()
    var found: [Subdivision] = []
    for line in foldedNames().lines(named: query, prefix: false) {
      let subdivision = try subdivision(line.range, number: line.number)
      if !found.contains(subdivision) { found.append(subdivision) }
    }
    if code.contains("-") {
      found += try of(String(code.prefix { $0 != "-" })).filter { $0.code == code && !found.contains($0) }
    }
    let ordered = found.sorted { ($0.parent != nil ? 1 : 0, $0.code) < ($1.parent != nil ? 1 : 0, $1.code) }
    return places.filter { TextFolding.foldedBytes($0.name) == query }.map(SubdivisionMatch.place)
      + ordered.map(SubdivisionMatch.subdivision)
  }

  /// The names of subdivisions and noted places that begin with `typed` (case and diacritics
  /// ignored), each once, in file order.
  public func names(startingWith typed: String) -> [String] {
    let prefix = TextFolding.foldedBytes(typed)
    guard !prefix.isEmpty else { return [] }
    var seen: Set<String> = []
    var out: [String] = []
    for line in foldedNames().lines(named: prefix, prefix: true) {
      guard let subdivision = try? subdivision(line.range, number: line.number),
        TextFolding.foldedBytes(subdivision.name).starts(with: prefix), seen.insert(subdivision.name).inserted
      else { continue }
      out.append(subdivision.name)
    }
    for place in places where TextFolding.foldedBytes(place.name).starts(with: prefix) {
      if seen.insert(place.name).inserted { out.append(place.name) }
    }
    return out
  }

  /// The folded names, made on first use: the name and the other name of each line, folded (a line
  /// that does not read is left out; `of` says what is wrong with it).
  private func foldedNames() -> FoldedNames {
    folded.value {
      var names = FoldedNames()
      for cca2 in countryCodes {
        for (range, number) in lines[cca2] ?? [] {
          guard let subdivision = try? subdivision(range, number: number) else { continue }
          let name = TextFolding.foldedBytes(subdivision.name)
          names.append(name, line: (range, number))
          if let other = subdivision.otherName.map(TextFolding.foldedBytes), other != name {
            names.append(other, line: (range, number))
          }
        }
      }
      return names
    }
  }

  /// Every kind of subdivision the file holds, sorted.
  public var kinds: [String] {
    var seen: Set<String> = []
    for cca2 in countryCodes {
      for (range, number) in lines[cca2] ?? [] {
        if let subdivision = try? subdivision(range, number: number) { seen.insert(subdivision.kind) }
      }
    }
    return seen.sorted()
  }

  /// A `CODE<TAB>KIND<TAB>PARENT<TAB>NAME<TAB>OTHER NAME` line.
  private func subdivision(_ range: Range<Int>, number: Int) throws(CtryError) -> Subdivision {
    let fields = bytes[range].split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
    guard fields.count == 5, !fields[0].isEmpty, !fields[1].isEmpty, !fields[3].isEmpty else {
      throw CtryError(.data, "\(origin):\(number): not a subdivision line")
    }
    func text(_ field: ArraySlice<UInt8>) -> String? {
      field.isEmpty ? nil : String(decoding: field, as: UTF8.self)
    }
    return Subdivision(
      code: String(decoding: fields[0], as: UTF8.self), kind: String(decoding: fields[1], as: UTF8.self),
      parent: text(fields[2]), name: String(decoding: fields[3], as: UTF8.self), otherName: text(fields[4]))
  }

  package static let environmentKey = "CTRY_SUBDIVISIONS"
  package static let contents = "the subdivision table"
  package static let loaded = once()
}

/// Folded names one after another in one buffer, each with the line it names; a subdivision is
/// decoded only when its name matches.
private struct FoldedNames: Sendable {
  private var bytes: [UInt8] = []
  private var ends: [Int32] = []
  private var lines: [(range: Range<Int>, number: Int)] = []

  mutating func append(_ name: [UInt8], line: (range: Range<Int>, number: Int)) {
    bytes += name
    ends.append(Int32(bytes.count))
    lines.append(line)
  }

  /// The lines, in file order, of the names that are `key` (or begin with it, for `prefix`).
  func lines(named key: [UInt8], prefix: Bool) -> [(range: Range<Int>, number: Int)] {
    var found: [(range: Range<Int>, number: Int)] = []
    bytes.withUnsafeBufferPointer { names in
      key.withUnsafeBufferPointer { key in
        guard let names = names.baseAddress, let keyBase = key.baseAddress else { return }
        var start = 0
        for (index, end) in ends.enumerated() {
          let length = Int(end) - start
          if prefix ? length >= key.count : length == key.count, memcmp(names + start, keyBase, key.count) == 0 {
            found.append(lines[index])
          }
          start = Int(end)
        }
      }
    }
    return found
  }
}
