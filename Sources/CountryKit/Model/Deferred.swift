import Foundation
import Synchronization

/// A field decoded on first read: start-up keeps the JSON text of the translations and native names
/// (half the dataset's strings, which `details` and the first prompt never read) and decodes them
/// when a search, a card or `--json` output first asks.
///
/// A value semantically like `Value`: equality, hashing and `Codable` go through `wrappedValue`.
/// `JSONCursor` has checked the text's shape before deferring it (`Country+JSONCursor`), so decoding
/// it later cannot fail.
@propertyWrapper
public struct Deferred<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
  private enum Storage: Sendable {
    case value(Value)
    case pending(Pending)
  }

  /// The kept text and, once decoded, the value; shared by copies of the record.
  final class Pending: Sendable {
    let text: Data
    let decode: @Sendable (Data) -> Value
    let decoded = Mutex<Value?>(nil)

    init(text: Data, decode: @escaping @Sendable (Data) -> Value) {
      self.text = text
      self.decode = decode
    }

    var value: Value {
      decoded.withLock { decoded in
        if let decoded { return decoded }
        let value = decode(text)
        decoded = value
        return value
      }
    }
  }

  private var storage: Storage

  public init(wrappedValue: Value) {
    storage = .value(wrappedValue)
  }

  init(text: Data, decode: @escaping @Sendable (Data) -> Value) {
    storage = .pending(Pending(text: text, decode: decode))
  }

  public var wrappedValue: Value {
    get {
      switch storage {
      case .value(let value): value
      case .pending(let pending): pending.value
      }
    }
    set { storage = .value(newValue) }
  }

  /// Whether the value is still undecoded text (for tests).
  var isPending: Bool {
    switch storage {
    case .value: false
    case .pending(let pending): pending.decoded.withLock { $0 == nil }
    }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }

  public init(from decoder: any Decoder) throws {
    storage = .value(try decoder.singleValueContainer().decode(Value.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

// An optional deferred field is absent from JSON when nil, like a plain optional property.
extension KeyedDecodingContainer {
  func decode<T>(_ type: Deferred<T?>.Type, forKey key: Key) throws -> Deferred<T?> {
    Deferred(wrappedValue: try decodeIfPresent(T.self, forKey: key))
  }
}

extension KeyedEncodingContainer {
  mutating func encode<T>(_ value: Deferred<T?>, forKey key: Key) throws {
    try encodeIfPresent(value.wrappedValue, forKey: key)
  }
}
