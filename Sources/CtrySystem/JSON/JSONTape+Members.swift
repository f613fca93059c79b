extension JSONTape {
  /// A tape over the same bytes whose root is an array of objects, the `i`th holding the members of
  /// the objects `groups[i]` names, in turn: records sent in parts (`/all?fields=…` chunks) become
  /// whole records without building JSON. A name in two parts keeps both members, so a decoder reads
  /// the first (as for any object whose name repeats). Every node named must be an object.
  package func merged(_ groups: [[Int]]) -> JSONTape {
    var out: [Node] = []
    out.reserveCapacity(nodes.count + 1)
    out.append(Node(kind: .array, flag: false, start: 0, end: 0, next: 0, count: Int32(groups.count)))
    for group in groups {
      let head = out.count
      out.append(
        Node(kind: .object, flag: false, start: group.first.map { nodes[$0].start } ?? 0, end: 0, next: 0, count: 0))
      var members: Int32 = 0
      for object in group {
        let (first, last) = (object + 1, Int(nodes[object].next))
        // A container's `next` is an index: it moves with the nodes.
        let shift = Int32(out.count - first)
        for var node in nodes[first..<last] {
          if node.kind.isContainer { node.next += shift }
          out.append(node)
        }
        members += nodes[object].count
      }
      out[head].count = members
      out[head].next = Int32(out.count)
    }
    out[0].next = Int32(out.count)
    return JSONTape(bytes: bytes, nodes: out, isoDates: isoDates, dictionaries: dictionaries)
  }

  /// The node of the value of `object`'s first member named `name`, or nil. Names are compared as
  /// bytes; a name with escapes is read first.
  package func member(_ name: String, of object: Int) -> Int? {
    var name = name
    return name.withUTF8 { wanted in
      nodes.withUnsafeBufferPointer { nodes in
        bytes.withUnsafeBufferPointer { bytes in
          var index = object + 1
          for _ in 0..<nodes[object].count {
            let member = nodes[index]
            let value = index + 1
            if member.flag {
              if string(member).utf8.elementsEqual(wanted) { return value }
            } else if Int(member.end - member.start) == wanted.count {
              var offset = 0
              let start = Int(member.start)
              while offset < wanted.count, bytes[start + offset] == wanted[offset] { offset += 1 }
              if offset == wanted.count { return value }
            }
            index = nodes[value].kind.isContainer ? Int(nodes[value].next) : value + 1
          }
          return nil
        }
      }
    }
  }
}
