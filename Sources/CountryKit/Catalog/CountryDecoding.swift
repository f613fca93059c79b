import Foundation
import Synchronization

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

  /// The countries, or nil when the text is outside `JSONCursor`'s subset. A large text is read in two
  /// halves at once, split at an element boundary near its middle.
  static func fastDecodeList(_ data: Data) -> [Country]? {
    let split =
      data.count < 256 * 1024 ? nil : data.withUnsafeBytes { JSONCursor.elementBoundary(in: $0, after: $0.count / 2) }
    guard let split else { return decodeElements(data, from: 0, upTo: nil) }
    let halves = Mutex<[[Country]?]>([nil, nil])
    DispatchQueue.concurrentPerform(iterations: 2) { half in
      let countries = decodeElements(data, from: half == 0 ? 0 : split + 1, upTo: half == 0 ? split : nil)
      halves.withLock { $0[half] = countries }
    }
    let (first, second) = halves.withLock { ($0[0], $0[1]) }
    guard var countries = first, let second else { return nil }
    countries.append(contentsOf: second)
    return countries
  }

  /// The elements from `start` (the opening `[`, or just after a separating comma) to the comma at
  /// `boundary`, or to the end of the array and of the text.
  private static func decodeElements(_ data: Data, from start: Int, upTo boundary: Int?) -> [Country]? {
    data.withUnsafeBytes { bytes -> [Country]? in
      var cursor = JSONCursor(bytes, source: data, position: start)
      do throws(JSONCursor.Mismatch) {
        var array = start == 0 ? try cursor.beginArray() : JSONCursor.Container()
        var countries: [Country] = []
        while true {
          if let boundary, cursor.reached(boundary) { return countries }
          guard try cursor.nextElement(in: &array) else { break }
          countries.append(try Country(json: &cursor))
        }
        guard boundary == nil else { return nil }
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
