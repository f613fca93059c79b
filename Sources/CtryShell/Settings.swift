/// Session settings that outlive one command line.
public struct Settings: Sendable, Equatable {
  public var format: OutputFormat
  public var color: Bool
  /// Never touch the network (`--offline`).
  public var offline: Bool

  public init(format: OutputFormat = .table, color: Bool = false, offline: Bool = false) {
    self.format = format
    self.color = color
    self.offline = offline
  }
}
