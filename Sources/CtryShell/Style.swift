/// ANSI styling that switches off completely when colour is off.
public struct Style: Sendable {
  public var enabled: Bool

  public init(enabled: Bool) {
    self.enabled = enabled
  }

  public func bold(_ text: String) -> String { wrap(text, "1") }
  public func dim(_ text: String) -> String { wrap(text, "2") }
  public func accent(_ text: String) -> String { wrap(text, "36") }
  public func warning(_ text: String) -> String { wrap(text, "33") }
  public func error(_ text: String) -> String { wrap(text, "31") }

  private func wrap(_ text: String, _ code: String) -> String {
    enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
