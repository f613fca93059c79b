import CtrySystem
import FoundationEssentials

/// Decodes the model's JSON (a v3.1 array of countries, or one record) through the one `Codable` model
/// with `TapeDecoder`, which gives `JSONDecoder`'s results without its first-use cost; errors name the
/// field path.
public enum CountryDecoding {
  /// A list: hundreds of records, whose dictionaries are read member by member (`DictionaryReading`).
  public static func decodeList(_ bytes: [UInt8], origin: String) throws(CtryError) -> [Country] {
    try decode([Country].self, from: bytes, origin: origin, dictionaries: .memberByMember)
  }

  /// One record, as the snapshot stores it.
  package static func record(_ bytes: [UInt8]) throws(CtryError) -> Country {
    try decode(Country.self, from: bytes, origin: "record")
  }

  /// One value of the model (a record, a list) from JSON, or a `.data` error naming the path.
  static func decode<T: Decodable>(
    _ type: T.Type, from bytes: [UInt8], origin: String, dictionaries: DictionaryReading = .byItsOwnDecodable
  ) throws(CtryError) -> T {
    do {
      return try TapeDecoder.decode(type, from: bytes, dictionaries: dictionaries)
    } catch let error as DecodingError {
      throw CtryError(.data, "\(origin): \(describe(error))")
    } catch {
      throw CtryError(.data, "\(origin): \(error)")
    }
  }

  /// `at [12].currencies.EUR.name: expected String, found a number` style text.
  package static func describe(_ error: DecodingError) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
      let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
      return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "top level" : text)
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "\(path(context.codingPath)): expected \(type)"
    case .valueNotFound(let type, let context):
      return "\(path(context.codingPath)): missing \(type) value"
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])): required field missing"
    case .dataCorrupted(let context):
      return "\(path(context.codingPath)): not valid JSON (\(context.debugDescription))"
    @unknown default:
      return "undecodable data"
    }
  }
}
