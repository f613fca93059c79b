/// HTTP validators of one response, sent back as a conditional GET next time.
public struct Validator: Codable, Sendable, Equatable {
  public var etag: String?
  public var lastModified: String?

  init?(_ response: HTTPResponse) {
    etag = response.headers["etag"]
    lastModified = response.headers["last-modified"]
    if etag == nil, lastModified == nil { return nil }
  }

  var headers: [String: String] {
    var headers: [String: String] = [:]
    if let etag { headers["If-None-Match"] = etag }
    if let lastModified { headers["If-Modified-Since"] = lastModified }
    return headers
  }
}
