extension JSONTape {
  /// Recursive descent over the bytes, appending one node per value; depth is bounded, so hostile
  /// nesting is an error, not a stack overflow.
  struct Parser {
    let count: Int
    var index = 0
    var depth = 0

    init(count: Int) {
      self.count = count
    }

    mutating func document(_ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node]) throws(SyntaxError) {
      guard count < Int(Int32.max) else { throw SyntaxError(offset: 0, reason: "a document over 2 GB") }
      skipSpace(bytes)
      try value(bytes, into: &nodes)
      skipSpace(bytes)
      guard index == count else { throw failure("text after the value") }
    }

    private func failure(_ reason: String) -> SyntaxError {
      SyntaxError(offset: index, reason: index < count ? reason : "the text ends too soon")
    }

    private mutating func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>) {
      while index < count {
        switch bytes[index] {
        case 0x20, 0x0A, 0x0D, 0x09: index += 1
        default: return
        }
      }
    }

    private mutating func value(_ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node]) throws(SyntaxError) {
      guard index < count else { throw failure("") }
      switch bytes[index] {
      case UInt8(ascii: "{"): try container(bytes, object: true, into: &nodes)
      case UInt8(ascii: "["): try container(bytes, object: false, into: &nodes)
      case UInt8(ascii: "\""): try string(bytes, into: &nodes)
      case UInt8(ascii: "t"): try literal(bytes, "true", .bool, flag: true, into: &nodes)
      case UInt8(ascii: "f"): try literal(bytes, "false", .bool, flag: false, into: &nodes)
      case UInt8(ascii: "n"): try literal(bytes, "null", .null, flag: false, into: &nodes)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(bytes, into: &nodes)
      default: throw failure("an unexpected character")
      }
    }

    private mutating func container(
      _ bytes: UnsafeBufferPointer<UInt8>, object: Bool, into nodes: inout [Node]
    ) throws(SyntaxError) {
      depth += 1
      guard depth <= JSONTape.maximumDepth else { throw failure("nesting deeper than 512") }
      let me = nodes.count
      nodes.append(Node(kind: object ? .object : .array, flag: false, start: Int32(index), end: 0, next: 0, count: 0))
      index += 1
      skipSpace(bytes)
      let close = UInt8(ascii: object ? "}" : "]")
      var elements: Int32 = 0
      if index < count, bytes[index] == close {
        index += 1
      } else {
        while true {
          skipSpace(bytes)
          if object {
            guard index < count, bytes[index] == UInt8(ascii: "\"") else {
              throw failure("a member without a quoted name")
            }
            try string(bytes, into: &nodes)
            skipSpace(bytes)
            guard index < count, bytes[index] == UInt8(ascii: ":") else { throw failure("a name without a colon") }
            index += 1
            skipSpace(bytes)
          }
          try value(bytes, into: &nodes)
          elements += 1
          skipSpace(bytes)
          guard index < count else { throw failure("") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            // A comma before the closing bracket is allowed, as `JSONDecoder` allows it.
            skipSpace(bytes)
            if index < count, bytes[index] == close {
              index += 1
              break
            }
          } else if bytes[index] == close {
            index += 1
            break
          } else {
            throw failure("a missing comma")
          }
        }
      }
      depth -= 1
      nodes[me].end = Int32(index)
      nodes[me].next = Int32(nodes.count)
      nodes[me].count = elements
    }

    /// A string's bytes are checked here, whether or not a decoder ever reads them, as `JSONDecoder`
    /// checks the whole document: escapes must be JSON's, surrogates paired, and the text UTF-8.
    private mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node]) throws(SyntaxError) {
      index += 1
      let start = index
      var escaped = false
      var ascii = true
      while true {
        guard index < count else { throw failure("") }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") { break }
        if byte == UInt8(ascii: "\\") {
          escaped = true
          index += 2
          continue
        }
        guard byte >= 0x20 else { throw failure("a control character in a string") }
        if byte >= 0x80 { ascii = false }
        index += 1
      }
      if !ascii || escaped {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if escaped { try JSONTape.unescape(raw, at: start, into: nil) }
        if !ascii, let bad = JSONTape.firstInvalidUTF8(raw) {
          throw SyntaxError(offset: start + bad, reason: "a string that is not UTF-8")
        }
      }
      nodes.append(Node(kind: .string, flag: escaped, start: Int32(start), end: Int32(index), next: 0, count: 0))
      index += 1
    }

    private mutating func literal(
      _ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString, _ kind: Kind, flag: Bool, into nodes: inout [Node]
    ) throws(SyntaxError) {
      let length = word.utf8CodeUnitCount
      guard index + length <= count else { throw failure("") }
      for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] {
        throw failure("an unknown word")
      }
      nodes.append(Node(kind: kind, flag: flag, start: Int32(index), end: Int32(index + length), next: 0, count: 0))
      index += length
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func number(_ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node]) throws(SyntaxError) {
      let start = index
      func isDigit(_ at: Int) -> Bool {
        at < count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9")
      }
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard isDigit(index) else { throw failure("a number without digits") }
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
      } else {
        while isDigit(index) { index += 1 }
      }
      if index < count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard isDigit(index) else { throw failure("a number without digits after its point") }
        while isDigit(index) { index += 1 }
      }
      if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { throw failure("a number without digits in its exponent") }
        while isDigit(index) { index += 1 }
      }
      nodes.append(Node(kind: .number, flag: false, start: Int32(start), end: Int32(index), next: 0, count: 0))
    }
  }
}
