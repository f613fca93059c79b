import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT, caught: the handler only sets this flag; the shell polls it.
///
/// The line editor reads on the main thread; a SIGINT that lands on another thread is forwarded
/// there, so the blocked `read` returns EINTR and the prompt can start over.
public enum SignalFlag {
  private static let interrupted = Atomic<Bool>(false)
  private static let mainThread = Atomic<UInt>(0)

  /// Installs the SIGINT handler, without SA_RESTART so a blocked read returns EINTR.
  /// Call from the main thread.
  public static func install() {
    mainThread.store(UInt(pthread_self()), ordering: .relaxed)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      let main = SignalFlag.mainThread.load(ordering: .relaxed)
      if main != 0, UInt(pthread_self()) != main {
        pthread_kill(pthread_t(main), signal)
        return
      }
      SignalFlag.interrupted.store(true, ordering: .relaxed)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
  }

  /// Whether SIGINT arrived since the last call; clears the flag.
  public static func take() -> Bool {
    interrupted.exchange(false, ordering: .relaxed)
  }
}
