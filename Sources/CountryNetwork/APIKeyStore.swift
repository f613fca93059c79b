import CountryModel
import CtrySystem
import FoundationEssentials

/// The v5 API key saved by `set api-key`: `$XDG_CONFIG_HOME/ctry/api-key`, mode 0600 in a 0700
/// directory, written atomically. `CTRY_API_KEY` wins over it.
public struct APIKeyStore: Sendable {
  public let path: String

  public init(directory: String) {
    path = "\(directory)/api-key"
  }

  /// The most bytes of the file read: a key is one short word.
  static let maximumBytes = 4096

  /// The saved key, or nil when there is none or it is not a key; and the one line that refuses the
  /// file, as ssh refuses a private key others can read or write, one of another user or a symbolic
  /// link (`TrustedFile`), or one that is not a regular file of at most `maximumBytes`.
  public func load() -> (key: String?, refusal: String?) {
    if let refusal = TrustedFile.refusal(path, secret: true) { return (nil, refusal) }
    let bytes: [UInt8]
    do throws(RegularFile.Failure) {
      bytes = try RegularFile.read(path, limit: Self.maximumBytes, followingLinks: false)
    } catch {
      return (nil, error == .missing ? nil : "ctry: ignoring \(VisibleEscapes.escaped(path)): \(error)")
    }
    return (String(validating: bytes, as: UTF8.self).flatMap { APIKey($0) }?.secret, nil)
  }

  public func save(_ key: APIKey) throws(CtryError) {
    try AtomicFile.write(Data((key.secret + "\n").utf8), to: path)
  }

  public func remove() throws(CtryError) {
    guard FileManager.default.fileExists(atPath: path) else { return }
    do {
      try FileManager.default.removeItem(atPath: path)
    } catch {
      throw CtryError(.io, "cannot remove \(path)")
    }
  }
}
