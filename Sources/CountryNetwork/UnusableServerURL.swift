import CtrySystem

/// A server URL that is not one ctry can ask (a `CtryError`'s fact): the shell gives an example of
/// one that is.
public struct UnusableServerURL: CtryError.Fact {
  public init() {}
}
