/// Output drawn for a size known only when it is printed (`map`): the renderer hands it the
/// format, the style and the terminal width, and it answers in every format itself.
package protocol Picture: Sendable {
  /// The picture as text in `format`; `width` is the terminal's columns, nil when unknown.
  func render(format: OutputFormat, style: Style, width: Int?) -> String
}
