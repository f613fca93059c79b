import Glibc

/// Facts about the process's terminal.
package enum Terminal {
  package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// Columns of the terminal on stdout, read afresh each call so a resize is seen by the next table.
  package static func width(_ fd: Int32 = 1) -> Int? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Rows of the terminal on stdout.
  package static func height(_ fd: Int32 = 1) -> Int? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
    return Int(size.ws_row)
  }
}
