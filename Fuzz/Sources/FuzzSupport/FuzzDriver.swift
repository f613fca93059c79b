/// libFuzzer's driver, entered from each target's top-level code (SwiftPM renames an executable's `main`, so
/// the targets call `LLVMFuzzerRunDriver` rather than export `LLVMFuzzerTestOneInput`).
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

public enum FuzzDriver {
  /// Runs libFuzzer with the process's arguments and `body` as the test; returns its exit status.
  public static func run(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    return llvmFuzzerRunDriver(&argc, &argv, callback)
  }

  /// The input as bytes.
  public static func bytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let data, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: count))
  }
}
