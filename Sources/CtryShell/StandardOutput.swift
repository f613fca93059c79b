import CountryKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where rendered text goes.
package protocol OutputSink: Sendable {
  func write(_ text: String)
  func writeError(_ text: String)
}

/// The process's stdout and stderr, unbuffered. A closed reader (`ctry … | head -1`) ends the process
/// quietly with status 0 instead of an error.
package struct StandardOutput: OutputSink {
  package init() {}

  package func write(_ text: String) { Self.put(text, to: 1) }
  package func writeError(_ text: String) { Self.writeError(text) }

  package static func writeError(_ text: String) { put(text, to: 2) }

  static func put(_ text: String, to fd: Int32) {
    do {
      try SystemCall.writeAll(fd, text)
    } catch {
      if error.code == EPIPE { exit(0) }
    }
  }
}
