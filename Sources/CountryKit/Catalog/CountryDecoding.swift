import Foundation

/// Decodes v3.1 JSON (an array of countries) with errors that name the field path.
///
/// `JSONCursor` reads the usual input several times faster than `JSONDecoder`; anything it does not
/// accept goes to `JSONDecoder`, which decodes it or says what is wrong.
public enum CountryDecoding {
  public static func decodeList(_ data: Data, origin: String) throws(CtryError) -> [Country] {
    if let countries = fastDecodeList(data) { return countries }
    do {
      return try JSONDecoder().decode([Country].self, from: data)
    } catch let error as DecodingError {
      throw CtryError(.data, "\(origin): \(describe(error))")
    } catch {
      throw CtryError(.data, "\(origin): \(error.localizedDescription)")
    }
  }

  /// The countries, or nil when the text is outside `JSONCursor`'s subset.
  static func fastDecodeList(_ data: Data) -> [Country]? {
    data.withUnsafeBytes { bytes -> [Country]? in
      var cursor = JSONCursor(bytes, source: data)
      do throws(JSONCursor.Mismatch) {
        let countries = try cursor.array(Country.init(json:))
        try cursor.end()
        return countries
      } catch {
        return nil
      }
    }
  }

  /// `at [12].currencies.EUR.name: expected String, found a number` style text.
  static func describe(_ error: DecodingError) -> String {
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
