/// One HTTP request as the fake server read it.
struct FakeHTTPRequest: Sendable {
  var method: String
  /// The percent-decoded path, without the query.
  var path: String
  /// The query, percent-decoded (`+` read as a space); a repeated name keeps its last value.
  var query: [String: String]
  /// Header values by lower-cased name; repeated headers are joined with ", ".
  var headers: [String: String]
}

/// One HTTP response before it is written to the socket.
struct FakeHTTPResponse: Sendable {
  var status: Int
  var headers: [(name: String, value: String)]
  var body: [UInt8]

  /// The status line and headers, ending with the blank line. `Content-Length` (except on a 304) and
  /// `Connection: close` are added here.
  func head() -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(FakeHTTP.reason(status))\r\n"
    for header in headers { text += "\(header.name): \(header.value)\r\n" }
    if status != 304 { text += "Content-Length: \(body.count)\r\n" }
    text += "Connection: close\r\n\r\n"
    return Array(text.utf8)
  }
}

enum FakeHTTP {
  /// The fixed `Last-Modified` of every successful response.
  static let lastModified = "Mon, 01 Jan 2024 00:00:00 GMT"

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "Status \(status)"
    }
  }

  /// Parses the request line and headers (the bytes before the blank line); nil when malformed.
  static func parseHead(_ bytes: ArraySlice<UInt8>) -> FakeHTTPRequest? {
    let text = String(decoding: bytes, as: UTF8.self)
    var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
    guard !lines.isEmpty else { return nil }
    let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/") else { return nil }
    var target = String(requestLine[1])
    // An absolute-form target ("http://host:port/path") is reduced to its path.
    if target.lowercased().hasPrefix("http://") || target.lowercased().hasPrefix("https://") {
      let afterScheme = target[target.index(target.firstIndex(of: ":") ?? target.startIndex, offsetBy: 3)...]
      target = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
    }
    if let hash = target.firstIndex(of: "#") { target = String(target[..<hash]) }
    let rawPath: Substring
    let rawQuery: Substring
    if let mark = target.firstIndex(of: "?") {
      rawPath = target[..<mark]
      rawQuery = target[target.index(after: mark)...]
    } else {
      rawPath = target[...]
      rawQuery = ""
    }
    var query: [String: String] = [:]
    for pair in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = percentDecode(parts[0], plusAsSpace: true)
      query[name] = parts.count > 1 ? percentDecode(parts[1], plusAsSpace: true) : ""
    }
    var headers: [String: String] = [:]
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let name = line[..<colon].trimmingSpaces().lowercased()
      let value = line[line.index(after: colon)...].trimmingSpaces()
      if let existing = headers[name] {
        headers[name] = existing + ", " + value
      } else {
        headers[name] = value
      }
    }
    return FakeHTTPRequest(
      method: String(requestLine[0]), path: percentDecode(rawPath, plusAsSpace: false), query: query, headers: headers)
  }

  /// `%XX` sequences decoded as UTF-8 bytes (malformed ones kept as they are).
  static func percentDecode(_ text: Substring, plusAsSpace: Bool) -> String {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
        let low = hexValue(bytes[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// A strong entity tag: the quoted FNV-1a 64-bit hash of the body, in hex.
  static func entityTag(_ body: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
  }
}

extension StringProtocol {
  fileprivate func trimmingSpaces() -> String {
    var slice = Substring(self)
    while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
    while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
    return String(slice)
  }
}
