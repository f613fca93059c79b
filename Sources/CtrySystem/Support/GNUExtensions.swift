import Glibc

/// glibc calls that Swift's Glibc module leaves out (its headers declare them only under
/// `_GNU_SOURCE`), looked up by name: a pipe that is close-on-exec from the start (`SystemCall.pipe`),
/// the spawn actions that set the child's working directory and close every other descriptor it
/// inherited (`CleanSpawn`), and the stack size a new thread gets (`MemoryHeadroom`).
package enum GNUExtensions {
  private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
  private typealias AddChdir =
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?
    ) -> Int32
  private typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
  private typealias GetDefaultAttributes = @convention(c) (UnsafeMutablePointer<pthread_attr_t>?) -> Int32

  /// The program and every library it loaded, libc among them.
  nonisolated(unsafe) private static let program = dlopen(nil, RTLD_NOW)

  private static func function<T>(_ name: String, as type: T.Type) -> T? {
    guard let symbol = dlsym(program, name) else { return nil }
    return unsafeBitCast(symbol, to: type)
  }

  /// `pipe2(fds, flags)`, or -1 with ENOSYS when the C library has none.
  static func pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32 {
    guard let pipe2 = function("pipe2", as: Pipe2.self) else {
      errno = ENOSYS
      return -1
    }
    return pipe2(fds, flags)
  }

  /// The child changes to `directory` before it runs (glibc 2.29).
  package static func addChangeDirectory(
    _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ directory: String
  ) throws(SystemCallError) {
    guard let add = function("posix_spawn_file_actions_addchdir_np", as: AddChdir.self) else {
      throw SystemCallError(code: ENOSYS)
    }
    let code = add(actions, directory)
    guard code == 0 else { throw SystemCallError(code: code) }
  }

  /// The child closes every descriptor from `lowest` on (glibc 2.34), whatever else the spawning
  /// process had open without close-on-exec.
  package static func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32)
    throws(SystemCallError)
  {
    guard let add = function("posix_spawn_file_actions_addclosefrom_np", as: AddClosefrom.self) else {
      throw SystemCallError(code: ENOSYS)
    }
    let code = add(actions, lowest)
    guard code == 0 else { throw SystemCallError(code: code) }
  }

  /// The stack size of a thread started without one (`pthread_getattr_default_np`, glibc 2.18): the
  /// `ulimit -s` in force when the process started, or glibc's own default without one; nil when the
  /// C library cannot say.
  package static func defaultThreadStackSize() -> Int? {
    #if canImport(Glibc)
      guard let get = function("pthread_getattr_default_np", as: GetDefaultAttributes.self) else { return nil }
      var attributes = pthread_attr_t()
      guard get(&attributes) == 0 else { return nil }
      defer { pthread_attr_destroy(&attributes) }
      var size = 0
      guard pthread_attr_getstacksize(&attributes, &size) == 0, size > 0 else { return nil }
      return size
    #else
      return nil
    #endif
  }
}
