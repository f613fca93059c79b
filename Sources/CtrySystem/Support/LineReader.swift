import Glibc

/// The lines of a file descriptor (stdin: a script piped in, a terminal without line editing), read
/// in blocks of 64 KB. Each line comes without its "\n" or "\r\n", as `readLine(strippingNewline:)`
/// gives it, and its bytes become a String once, invalid UTF-8 repaired as there; a last line
/// without a newline is a line, and a read that fails ends the input. No stdio buffer, and no
/// String made with the newline and then trimmed of it as a Character.
package struct LineReader {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  /// Where the next line starts in `buffer`.
  private var start = 0
  private var ended = false

  package init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// What `read` found.
  package enum Next: Equatable, Sendable {
    case line(String)
    /// The end of the input, or a read that failed.
    case end
    /// A signal interrupted the wait for a line (only with `interruptible`).
    case interrupted
  }

  /// The next line, or nil at the end of the input (a read that a signal interrupts is made again).
  package mutating func next() -> String? {
    guard case .line(let line) = read(interruptible: false) else { return nil }
    return line
  }

  /// The next line. With `interruptible`, a signal that interrupts the wait (EINTR: Ctrl-C at a plain
  /// prompt) ends it, and the part of a line read so far (a terminal gives one on Ctrl-D) is dropped.
  package mutating func read(interruptible: Bool) -> Next {
    while true {
      if let newline = nextNewline() {
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        defer { start = newline + 1 }
        return .line(String(decoding: buffer[start..<end], as: UTF8.self))
      }
      if ended {
        guard start < buffer.count else { return .end }
        defer { start = buffer.count }
        return .line(String(decoding: buffer[start...], as: UTF8.self))
      }
      if !refill(interruptible: interruptible) {
        buffer.removeAll(keepingCapacity: true)
        start = 0
        return .interrupted
      }
    }
  }

  private func nextNewline() -> Int? {
    buffer.withUnsafeBufferPointer { bytes -> Int? in
      guard start < bytes.count, let base = bytes.baseAddress else { return nil }
      let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
      return found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base }
    }
  }

  /// Drops the lines already given and reads the next block; an empty read or a failure ends the
  /// input. False when a signal interrupted the read (only if `interruptible`).
  private mutating func refill(interruptible: Bool) -> Bool {
    if start > 0 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    let block: [UInt8]
    do {
      block = try SystemCall.read(descriptor, upTo: 65536, interruptible: interruptible)
    } catch {
      if error.code == EINTR { return false }
      block = []
    }
    if block.isEmpty {
      ended = true
    } else {
      buffer.append(contentsOf: block)
    }
    return true
  }
}
