/// ANSI styling that switches off completely when colour is off.
package struct Style: Sendable {
  package var enabled: Bool
  /// The colours a drawing may use when colour is on.
  package var depth: ColorDepth

  package init(enabled: Bool, depth: ColorDepth = .xterm256) {
    self.enabled = enabled
    self.depth = depth
  }

  package func bold(_ text: String) -> String { wrap(text, "1") }
  package func dim(_ text: String) -> String { wrap(text, "2") }
  package func accent(_ text: String) -> String { wrap(text, "36") }
  package func warning(_ text: String) -> String { wrap(text, "33") }
  package func error(_ text: String) -> String { wrap(text, "31") }

  private func wrap(_ text: String, _ code: String) -> String {
    enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
