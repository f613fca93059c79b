import Glibc

/// The process's environment as a dictionary, read from `environ`: what
/// `ProcessInfo.processInfo.environment` gives, for a small part of its cost. The one way ctry reads
/// its environment whole; `ProcessEnvironmentTests` holds it to Foundation's.
public enum ProcessEnvironment {
  /// Every `NAME=value` entry; an entry without `=` is left out, and of two entries with one name
  /// the first is kept (the one `getenv` finds). Bytes that are not UTF-8 are repaired (U+FFFD).
  public static func current() -> [String: String] {
    guard let entries = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else { return [:] }
    return variables(entries)
  }

  /// The variables of an `environ`-shaped list: `NAME=value` strings, then a null pointer.
  static func variables(_ entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
    var count = 0
    while entries[count] != nil { count += 1 }
    var variables: [String: String] = [:]
    variables.reserveCapacity(count)
    var entry = entries
    while let text = entry.pointee {
      let length = strlen(text)
      text.withMemoryRebound(to: UInt8.self, capacity: length) { start in
        let bytes = UnsafeBufferPointer(start: start, count: length)
        if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
          let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
          if variables[name] == nil {
            variables[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
          }
        }
      }
      entry += 1
    }
    return variables
  }
}
