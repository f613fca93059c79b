/// The strings in a value, measured by walking the value's own `Encodable` conformance with an encoder
/// that writes nothing: the one schema decides what a record holds, and no JSON is produced just to
/// be looked at.
package enum StringBounds {
  /// The path of the first string in `value` over `limit` UTF-8 bytes (`[3].capital[0]`, or
  /// `[3].translations key` for a key), or nil; and the UTF-8 bytes of all its strings and keys (up to
  /// the long one, when there is one).
  package static func measure(_ value: some Encodable, limit: Int, root: String) -> (longest: String?, bytes: Int) {
    let state = WalkState(limit: limit)
    try? value.encode(to: Walker(state: state, path: PathNode(root)))
    return (state.found, state.bytes)
  }
}

/// What a walk has found so far; the walk stops at the first long string (by throwing `Found`).
private final class WalkState {
  let limit: Int
  var found: String?
  package var bytes = 0
  init(limit: Int) { self.limit = limit }

  func check(_ text: String, _ path: @autoclosure () -> String) throws {
    let count = text.utf8.count
    bytes += count
    guard count > limit else { return }
    found = path()
    throw Found()
  }
}

private struct Found: Error {}

/// Where the walk is, as a chain; spelt out (`[3].translations.ara`) only for the string reported, so
/// a step costs no text.
private final class PathNode {
  enum Step {
    case root(String)
    case key(String)
    case index(Int)
  }

  let parent: PathNode?
  let step: Step

  init(_ root: String) {
    parent = nil
    step = .root(root)
  }

  private init(_ step: Step, parent: PathNode) {
    self.parent = parent
    self.step = step
  }

  var text: String {
    let prefix = parent?.text ?? ""
    switch step {
    case .root(let root): return prefix + root
    case .key(let key): return prefix + "." + key
    case .index(let index): return prefix + "[\(index)]"
    }
  }
  func child(_ key: some CodingKey) -> PathNode { PathNode(.key(key.stringValue), parent: self) }
  func child(_ index: Int) -> PathNode { PathNode(.index(index), parent: self) }
}

private struct Walker: Encoder {
  let state: WalkState
  let path: PathNode
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(KeyedWalker<Key>(state: state, path: path))
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedWalker(state: state, path: path) }
  func singleValueContainer() -> any SingleValueEncodingContainer { SingleWalker(state: state, path: path) }
}

private struct KeyedWalker<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let state: WalkState
  let path: PathNode
  var codingPath: [any CodingKey] { [] }

  private func at(_ key: Key) throws { try state.check(key.stringValue, "\(path.text) key") }

  mutating func encodeNil(forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: String, forKey key: Key) throws {
    try at(key)
    try state.check(value, path.child(key).text)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try at(key)
    try value.encode(to: Walker(state: state, path: path.child(key)))
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { try at(key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try at(key) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    KeyedEncodingContainer(KeyedWalker<NestedKey>(state: state, path: path.child(key)))
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    UnkeyedWalker(state: state, path: path.child(key))
  }
  mutating func superEncoder() -> any Encoder { Walker(state: state, path: path) }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    Walker(state: state, path: path.child(key))
  }
}

private struct UnkeyedWalker: UnkeyedEncodingContainer {
  let state: WalkState
  let path: PathNode
  package var count = 0
  var codingPath: [any CodingKey] { [] }

  init(state: WalkState, path: PathNode) {
    self.state = state
    self.path = path
  }

  private mutating func next() -> PathNode {
    defer { count += 1 }
    return path.child(count)
  }

  mutating func encodeNil() throws { count += 1 }
  mutating func encode(_ value: String) throws {
    let index = count
    count += 1
    try state.check(value, path.child(index).text)
  }
  mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: Walker(state: state, path: next())) }
  mutating func encode(_ value: Bool) throws { count += 1 }
  mutating func encode(_ value: Double) throws { count += 1 }
  mutating func encode(_ value: Float) throws { count += 1 }
  mutating func encode(_ value: Int) throws { count += 1 }
  mutating func encode(_ value: Int8) throws { count += 1 }
  mutating func encode(_ value: Int16) throws { count += 1 }
  mutating func encode(_ value: Int32) throws { count += 1 }
  mutating func encode(_ value: Int64) throws { count += 1 }
  mutating func encode(_ value: UInt) throws { count += 1 }
  mutating func encode(_ value: UInt8) throws { count += 1 }
  mutating func encode(_ value: UInt16) throws { count += 1 }
  mutating func encode(_ value: UInt32) throws { count += 1 }
  mutating func encode(_ value: UInt64) throws { count += 1 }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    KeyedEncodingContainer(KeyedWalker<NestedKey>(state: state, path: next()))
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedWalker(state: state, path: next()) }
  mutating func superEncoder() -> any Encoder { Walker(state: state, path: next()) }
}

private struct SingleWalker: SingleValueEncodingContainer {
  let state: WalkState
  let path: PathNode
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws {}
  mutating func encode(_ value: String) throws { try state.check(value, path.text) }
  mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: Walker(state: state, path: path)) }
  mutating func encode(_ value: Bool) throws {}
  mutating func encode(_ value: Double) throws {}
  mutating func encode(_ value: Float) throws {}
  mutating func encode(_ value: Int) throws {}
  mutating func encode(_ value: Int8) throws {}
  mutating func encode(_ value: Int16) throws {}
  mutating func encode(_ value: Int32) throws {}
  mutating func encode(_ value: Int64) throws {}
  mutating func encode(_ value: UInt) throws {}
  mutating func encode(_ value: UInt8) throws {}
  mutating func encode(_ value: UInt16) throws {}
  mutating func encode(_ value: UInt32) throws {}
  mutating func encode(_ value: UInt64) throws {}
}
