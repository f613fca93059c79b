import CountryModel

extension Validator {
  /// The validators a response carries; nil when it has neither.
  init?(_ response: HTTPResponse) {
    guard response.headers["etag"] != nil || response.headers["last-modified"] != nil else { return nil }
    self.init(etag: response.headers["etag"], lastModified: response.headers["last-modified"])
  }

  /// The conditional request's headers.
  var headers: [String: String] {
    var headers: [String: String] = [:]
    if let etag { headers["If-None-Match"] = etag }
    if let lastModified { headers["If-Modified-Since"] = lastModified }
    return headers
  }
}
