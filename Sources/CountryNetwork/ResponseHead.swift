import CountryModel
import FoundationEssentials

/// A response's status and headers, built from the header lines libcurl passes on one at a time.
///
/// Each status line (`HTTP/1.1 200 OK`, `HTTP/2 200`) starts afresh, so after redirects and
/// `100 Continue` only the last response's headers remain. Names are lower-cased; a repeated header's
/// values are joined with ", ".
struct ResponseHead: Sendable, Equatable {
  var status = 0
  var headers: [String: String] = [:]
  /// True after the blank line that ends a response's head.
  var isComplete = false

  mutating func add(line: String) {
    let line = line.trimmingWhitespace()
    if line.hasPrefix("HTTP/") {
      let fields = line.split(separator: " ", maxSplits: 2)
      self = ResponseHead(status: fields.count > 1 ? Int(fields[1]) ?? 0 : 0)
    } else if line.isEmpty {
      isComplete = true
    } else if let colon = line.firstIndex(of: ":") {
      let name = line[..<colon].trimmingWhitespace().lowercased()
      let value = line[line.index(after: colon)...].trimmingWhitespace()
      headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }
  }

  /// The body length a final response announces: not for 1xx, nor for 3xx (libcurl skips the body of a
  /// redirect it follows, and a 304's Content-Length describes a body that is not sent).
  var announcedLength: Int? {
    guard !(100..<200).contains(status), !(300..<400).contains(status) else { return nil }
    return headers["content-length"].flatMap { Int($0) }
  }
}
