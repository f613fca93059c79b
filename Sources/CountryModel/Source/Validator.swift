/// HTTP validators of one response, sent back as a conditional GET next time (`Validator+HTTP` in
/// CountryNetwork reads and writes them as headers); the snapshot keeps them beside the data.
public struct Validator: Codable, Sendable, Equatable {
  public var etag: String?
  public var lastModified: String?

  package init(etag: String?, lastModified: String?) {
    self.etag = etag
    self.lastModified = lastModified
  }
}
