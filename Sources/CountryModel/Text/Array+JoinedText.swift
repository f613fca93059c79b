extension Array where Element == String {
  /// The texts with `separator` between them: `joined(separator:)`'s result, made in one buffer of the
  /// whole size from each text's UTF-8, where the standard library's appends each text to a String
  /// that grows and checks its flags at every append. Used where a command makes text for each
  /// country it shows (cards, result tables, comparisons) and where the binder joins a positional's
  /// words; `JoinedTextTests` holds it to `joined(separator:)`. On `Array` alone: a generic
  /// `Collection` method is not specialized in the modules that call it.
  package func joinedText(separator: String) -> String {
    guard count > 1 else { return first ?? "" }
    var separator = separator
    var size = separator.utf8.count * (count - 1)
    for text in self { size += text.utf8.count }
    return separator.withUTF8 { between in
      String(unsafeUninitializedCapacity: size) { buffer in
        var written = 0
        for (index, text) in enumerated() {
          if index > 0 {
            _ = UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(fromContentsOf: between)
            written += between.count
          }
          var text = text
          text.withUTF8 { bytes in
            _ = UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(fromContentsOf: bytes)
            written += bytes.count
          }
        }
        return written
      }
    }
  }
}
