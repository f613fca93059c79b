import CtrySystem
import Glibc

/// A table shipped beside the bundled dataset (`Resources/` in the tree, `share/ctry/` installed), read
/// on first use and kept for the process. A conforming type declares its file, the variable that
/// points elsewhere and what it holds; locating, reading, errors and the cache are the same for all.
package protocol BundledResource: Sendable {
  /// The file's name, e.g. `zones.txt`.
  static var fileName: String { get }
  /// The environment variable naming another file, e.g. `CTRY_ZONES`.
  static var environmentKey: String { get }
  /// What the file holds, for errors: "the time zone table".
  static var contents: String { get }
  /// The table read once: `public static let loaded = once()`.
  static var loaded: Result<Self, CtryError> { get }
  /// Parses the file's bytes; `origin` names the file in errors.
  init(bytes: [UInt8], origin: String) throws(CtryError)
}

extension BundledResource {
  /// The file: the environment variable's path when set, else beside the bundled dataset.
  package static func locate(environment: [String: String] = ProcessEnvironment.current()) -> String? {
    BundledDataset.locateResource(fileName, override: environment[environmentKey])
  }

  /// Reads and parses the file.
  package static func load(environment: [String: String] = ProcessEnvironment.current()) throws(CtryError)
    -> Self
  {
    guard let path = locate(environment: environment) else {
      throw CtryError(
        .data, "\(contents) (share/ctry/\(fileName)) cannot be found beside the ctry binary",
        hint: "reinstall with Scripts/install, or set \(environmentKey) to a \(fileName)")
    }
    let bytes: [UInt8]
    do throws(RegularFile.Failure) {
      bytes = try RegularFile.read(path, limit: BundledDataset.maximumBytes)
    } catch {
      throw CtryError(.data, "cannot read \(contents) at \(path): \(error)")
    }
    return try Self(bytes: bytes, origin: path)
  }

  /// What `loaded` is made of: the bundled file, read and parsed on first use.
  package static func once() -> Result<Self, CtryError> {
    Result { () throws(CtryError) in try load() }
  }

  /// Where the line that begins at `start` in `bytes` ends: its newline, or the end of `bytes`.
  package static func lineEnd(in bytes: [UInt8], from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, start < buffer.count,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
      else { return buffer.count }
      return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
    }
  }

  /// Calls `body` with each line of `bytes` that is neither empty nor a `#` comment: its byte range,
  /// without the newline, and its line number (from 1), for errors.
  package static func forEachLine(
    in bytes: [UInt8], _ body: (Range<Int>, Int) throws(CtryError) -> Void
  ) throws(CtryError) {
    var start = 0
    var number = 0
    while start < bytes.count {
      number += 1
      let end = lineEnd(in: bytes, from: start)
      if end > start, bytes[start] != UInt8(ascii: "#") { try body(start..<end, number) }
      start = end + 1
    }
  }

  /// The bundled table, read once per process on first use.
  package static func bundled() throws(CtryError) -> Self {
    try loaded.get()
  }
}
