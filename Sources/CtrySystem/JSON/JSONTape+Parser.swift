extension JSONTape {
  /// One pass over the bytes, appending one node per value. Containers are not parsed by recursion:
  /// the open ones are kept in a buffer of `JSONTape.maximumDepth` entries, so the stack a parse
  /// takes is the same at any depth, and hostile nesting is an error, not a stack overflow.
  struct Parser {
    let count: Int
    var index = 0

    /// A container whose closing bracket is still ahead: its node and its elements so far.
    private struct Open {
      var node: Int
      var object: Bool
      var elements: Int32
    }

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

    /// One value and everything in it.
    private mutating func value(_ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node]) throws(SyntaxError) {
      try withUnsafeTemporaryAllocation(of: Open.self, capacity: JSONTape.maximumDepth) {
        (outer) throws(SyntaxError) in try value(bytes, into: &nodes, outer: outer)
      }
    }

    /// One value, with room for the containers around the innermost in `outer`.
    private mutating func value(
      _ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node], outer: UnsafeMutableBufferPointer<Open>
    ) throws(SyntaxError) {
      // `depth` containers are open: the innermost is `current`, the ones around it are `outer`'s
      // first `depth - 1`.
      var depth = 0
      var current = Open(node: 0, object: false, elements: 0)
      while true {
        // A value starts here (white space skipped).
        guard index < count else { throw failure("") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          guard depth < JSONTape.maximumDepth else { throw failure("nesting deeper than \(JSONTape.maximumDepth)") }
          let object = bytes[index] == UInt8(ascii: "{")
          if depth > 0 { outer[depth - 1] = current }
          depth += 1
          current = Open(node: nodes.count, object: object, elements: 0)
          nodes.append(
            Node(kind: object ? .object : .array, flag: false, start: Int32(index), end: 0, next: 0, count: 0))
          index += 1
          skipSpace(bytes)
          guard index < count, bytes[index] == UInt8(ascii: object ? "}" : "]") else {
            if object { try memberName(bytes, into: &nodes) }
            continue
          }
          index += 1
          close(&current, around: outer, depth: &depth, into: &nodes)
        case UInt8(ascii: "\""): try string(bytes, into: &nodes)
        case UInt8(ascii: "t"): try literal(bytes, "true", .bool, flag: true, into: &nodes)
        case UInt8(ascii: "f"): try literal(bytes, "false", .bool, flag: false, into: &nodes)
        case UInt8(ascii: "n"): try literal(bytes, "null", .null, flag: false, into: &nodes)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(bytes, into: &nodes)
        default: throw failure("an unexpected character")
        }
        // A value ended: it is an element of the innermost open container, which a comma continues
        // (with the next value, or its closing bracket) and its closing bracket ends, ending a value
        // of the container around it in turn.
        while depth > 0 {
          current.elements += 1
          skipSpace(bytes)
          guard index < count else { throw failure("") }
          let closing = UInt8(ascii: current.object ? "}" : "]")
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            // A comma before the closing bracket is allowed, as `JSONDecoder` allows it.
            skipSpace(bytes)
            guard index < count, bytes[index] == closing else {
              if current.object { try memberName(bytes, into: &nodes) }
              break
            }
          } else if bytes[index] != closing {
            throw failure("a missing comma")
          }
          index += 1
          close(&current, around: outer, depth: &depth, into: &nodes)
        }
        if depth == 0 { return }
      }
    }

    /// Ends `current` after its closing bracket: records where it ends, the node after it and its
    /// elements; the container around it, if any, becomes `current`.
    private func close(
      _ current: inout Open, around outer: UnsafeMutableBufferPointer<Open>, depth: inout Int, into nodes: inout [Node]
    ) {
      var node = nodes[current.node]
      node.end = Int32(index)
      node.next = Int32(nodes.count)
      node.count = current.elements
      nodes[current.node] = node
      depth -= 1
      if depth > 0 { current = outer[depth - 1] }
    }

    /// An object member's name and its colon, with the white space after them.
    @inline(__always) private mutating func memberName(_ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node])
      throws(SyntaxError)
    {
      guard index < count, bytes[index] == UInt8(ascii: "\"") else { throw failure("a member without a quoted name") }
      try string(bytes, into: &nodes)
      skipSpace(bytes)
      guard index < count, bytes[index] == UInt8(ascii: ":") else { throw failure("a name without a colon") }
      index += 1
      skipSpace(bytes)
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
