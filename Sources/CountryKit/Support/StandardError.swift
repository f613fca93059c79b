/// One line to stderr from the data layer (a warning found after start-up, such as a damaged record).
enum StandardError {
  static func write(_ text: String) {
    try? SystemCall.writeAll(2, text)
  }
}
