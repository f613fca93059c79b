import CountryModel
import CtrySystem

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The v5 API key saved by `set api-key`: `$XDG_CONFIG_HOME/ctry/api-key`, mode 0600 in a 0700
/// directory, written atomically. `CTRY_API_KEY` wins over it.
public struct APIKeyStore: Sendable {
  public let path: String

  public init(directory: String) {
    path = "\(directory)/api-key"
  }

  /// The one line that refuses the file, as ssh refuses a private key others can read or write, or
  /// one of another user; nil when it may be used (or does not exist).
  public var refusal: String? { TrustedFile.refusal(path, secret: true) }

  /// The saved key, or nil when there is none or it cannot be read.
  public func load() -> String? {
    guard let bytes = try? AtomicFile.read(path), let text = String(validating: bytes, as: UTF8.self) else {
      return nil
    }
    return APIKey(text)?.secret
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
