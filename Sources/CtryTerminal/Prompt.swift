/// The prompt, built from session state each time it is shown.
package enum Prompt {
  /// libedit's marker around non-printing characters in the prompt (EL_PROMPT_ESC).
  package static let ignoreMarker: Character = "\u{1}"

  /// The prompt for the next line of an open quote or a line ending in `\`.
  package static let continuation = "…> "

  /// `ctry> `, or `ctry (offline)> `; colours are wrapped in markers so libedit counts columns right.
  package static func text(color: Bool, offline: Bool = false, markNonPrinting: Bool = true) -> String {
    let label = offline ? "ctry (offline)>" : "ctry>"
    guard color else { return label + " " }
    let mark = markNonPrinting ? String(ignoreMarker) : ""
    let start = mark + (offline ? "\u{1B}[1;33m" : "\u{1B}[1;36m") + mark
    let end = mark + "\u{1B}[0m" + mark
    return start + label + end + " "
  }
}
