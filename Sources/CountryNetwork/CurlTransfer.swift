import CCurl
import Dispatch
import FoundationEssentials
import Synchronization

/// One GET with libcurl on a thread of its own (`curl_easy_perform` blocks, so it stays off the Swift
/// concurrency pool: `transfers` is a queue of its own, which Dispatch gives a thread for each block
/// that blocks). libcurl's callbacks reach this object through an opaque pointer; what they
/// change is kept in a `Mutex`, shared with `cancel()`, which the next progress callback turns into
/// an aborted transfer.
final class CurlTransfer: Sendable {
  private struct State {
    var cancelled = false
    /// Set when a callback stops the transfer (the size cap).
    var failure: TransportError?
    var head = ResponseHead()
    var body = Data()
    /// Resumed exactly once: by the finished transfer, or at once by `cancel()`.
    var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?
  }

  let request: HTTPRequest
  let userAgent: String
  let maxBytes: Int
  let progress: (@Sendable (Int) -> Void)?
  private let state = Mutex(State())

  /// Where transfers block (see above).
  private static let transfers = DispatchQueue(label: "ctry.curl", attributes: .concurrent)

  init(request: HTTPRequest, userAgent: String, maxBytes: Int, progress: (@Sendable (Int) -> Void)?) {
    self.request = request
    self.userAgent = userAgent
    self.maxBytes = maxBytes
    self.progress = progress
  }

  /// Runs the transfer on `transfers` and resumes `continuation` with its outcome; at once with
  /// `.cancelled` when `cancel()` came first.
  func start(_ continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) {
    let cancelled = state.withLock { state in
      if !state.cancelled { state.continuation = continuation }
      return state.cancelled
    }
    guard !cancelled else {
      continuation.resume(returning: .failure(.cancelled))
      return
    }
    Self.transfers.async {
      let result = self.run()
      self.state.withLock { $0.continuation.take() }?.resume(returning: result)
    }
  }

  /// Answers `.cancelled` at once (Ctrl-C must not wait for libcurl's next progress callback); the
  /// transfer's thread stops at that callback and its result is dropped.
  func cancel() {
    state.withLock { state in
      state.cancelled = true
      return state.continuation.take()
    }?.resume(returning: .failure(.cancelled))
  }

  private func run() -> Result<HTTPResponse, TransportError> {
    var message = [CChar](repeating: 0, count: 512)
    guard ctry_curl_load(&message, message.count) == 0 else { return .failure(.other(Self.string(message))) }
    var headerList: UnsafeMutableRawPointer?
    defer { ctry_curl_slist_free_all(headerList) }
    for (name, value) in request.headers where name.lowercased() != "accept-encoding" {
      // To libcurl, "Name:" removes a header and "Name;" sends it empty.
      guard let list = ctry_curl_slist_append(headerList, value.isEmpty ? "\(name);" : "\(name): \(value)") else {
        return .failure(.other("cannot build the request headers"))
      }
      headerList = list
    }
    guard let handle = ctry_curl_easy_init() else { return .failure(.other("cannot start a libcurl transfer")) }
    defer { ctry_curl_cleanup(handle) }
    var errorBuffer = [CChar](repeating: 0, count: Int(CTRY_CURL_ERROR_SIZE))
    let code = errorBuffer.withUnsafeMutableBufferPointer { buffer in
      let configured = configure(handle, headers: headerList, errorBuffer: buffer.baseAddress)
      let code = configured == CTRY_CURLE_OK ? ctry_curl_perform(handle) : configured
      _ = ctry_curl_setopt_pointer(handle, CTRY_CURLOPT_ERRORBUFFER, nil)  // the pointer is valid only in here
      return code
    }
    let status = ctry_curl_response_code(handle)
    return state.withLock { state in
      if state.cancelled { return .failure(.cancelled) }
      if let failure = state.failure { return .failure(failure) }
      guard code == CTRY_CURLE_OK else {
        return .failure(
          Self.classify(code, detail: Self.string(errorBuffer), headComplete: state.head.isComplete))
      }
      return .success(HTTPResponse(status: status, headers: state.head.headers, body: state.body))
    }
  }

  /// Sets the options; the first failing option's CURLcode, or CURLE_OK.
  private func configure(
    _ handle: UnsafeMutableRawPointer, headers: UnsafeMutableRawPointer?, errorBuffer: UnsafeMutablePointer<CChar>?
  ) -> Int32 {
    let userdata = Unmanaged.passUnretained(self).toOpaque()
    // The timeout caps the whole transfer (CURLOPT_TIMEOUT_MS: connecting, waiting, receiving), so a
    // server trickling a byte at a time cannot hold a request open; the idle limit (no byte for that
    // long, in libcurl's whole seconds: rounded up, at least one) ends a silent connection as soon.
    let ratio = request.timeout / .milliseconds(1)
    let milliseconds = ratio.isFinite ? max(1, Int(min(max(ratio, 1), 86_400_000).rounded(.up))) : 86_400_000
    let seconds = max(1, (milliseconds + 999) / 1000)
    // Only HTTP(S), also after a redirect; older libcurl (before 7.85) lacks these options, so that
    // their results are ignored (its default redirect protocols leave out file:// anyway).
    _ = ctry_curl_setopt_string(handle, CTRY_CURLOPT_PROTOCOLS_STR, "http,https")
    _ = ctry_curl_setopt_string(handle, CTRY_CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    let codes = [
      ctry_curl_setopt_string(handle, CTRY_CURLOPT_URL, request.url.absoluteString),
      ctry_curl_setopt_pointer(handle, CTRY_CURLOPT_HTTPHEADER, headers),
      ctry_curl_setopt_string(handle, CTRY_CURLOPT_ACCEPT_ENCODING, ""),  // every encoding libcurl decodes
      ctry_curl_setopt_string(handle, CTRY_CURLOPT_USERAGENT, userAgent),
      ctry_curl_setopt_long(handle, CTRY_CURLOPT_FOLLOWLOCATION, request.followsRedirects ? 1 : 0),
      ctry_curl_setopt_long(handle, CTRY_CURLOPT_MAXREDIRS, 5),
      ctry_curl_setopt_long(handle, CTRY_CURLOPT_NOSIGNAL, 1),
      ctry_curl_setopt_long(handle, CTRY_CURLOPT_CONNECTTIMEOUT_MS, milliseconds),
      ctry_curl_setopt_long(handle, CTRY_CURLOPT_TIMEOUT_MS, milliseconds),
      ctry_curl_setopt_long(handle, CTRY_CURLOPT_LOW_SPEED_LIMIT, 1),
      ctry_curl_setopt_long(handle, CTRY_CURLOPT_LOW_SPEED_TIME, seconds),
      ctry_curl_setopt_pointer(handle, CTRY_CURLOPT_ERRORBUFFER, errorBuffer),
      ctry_curl_setopt_pointer(handle, CTRY_CURLOPT_HEADERDATA, userdata),
      ctry_curl_setopt_data_function(handle, CTRY_CURLOPT_HEADERFUNCTION) { data, size, count, userdata in
        guard let userdata else { return 0 }
        let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
        return Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue().received(header: bytes)
          ? bytes.count : 0
      },
      ctry_curl_setopt_pointer(handle, CTRY_CURLOPT_WRITEDATA, userdata),
      ctry_curl_setopt_data_function(handle, CTRY_CURLOPT_WRITEFUNCTION) { data, size, count, userdata in
        guard let userdata else { return 0 }
        let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
        return Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue().received(body: bytes)
          ? bytes.count : 0
      },
      ctry_curl_setopt_pointer(handle, CTRY_CURLOPT_XFERINFODATA, userdata),
      ctry_curl_setopt_xferinfo_function(handle) { userdata, _, _, _, _ in
        guard let userdata else { return 1 }
        return Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue().isCancelled ? 1 : 0
      },
      ctry_curl_setopt_long(handle, CTRY_CURLOPT_NOPROGRESS, 0),
    ]
    return codes.first { $0 != CTRY_CURLE_OK } ?? CTRY_CURLE_OK
  }

  private var isCancelled: Bool { state.withLock { $0.cancelled } }

  /// One header line; false stops the transfer (cancelled, or the announced body is over the cap).
  private func received(header bytes: UnsafeRawBufferPointer) -> Bool {
    let line = String(decoding: bytes, as: UTF8.self)
    return state.withLock { state in
      guard !state.cancelled else { return false }
      state.head.add(line: line)
      if state.head.isComplete, let length = state.head.announcedLength {
        if length > maxBytes {
          state.failure = .tooLarge(limit: maxBytes)
          return false
        }
        // The body's whole size at once, so it is never copied into a larger buffer as it grows.
        state.body.reserveCapacity(length)
      }
      return true
    }
  }

  /// A piece of the body; false stops the transfer (cancelled, or over the cap).
  private func received(body bytes: UnsafeRawBufferPointer) -> Bool {
    let count = state.withLock { state -> Int? in
      guard !state.cancelled else { return nil }
      guard state.body.count + bytes.count <= maxBytes else {
        state.failure = .tooLarge(limit: maxBytes)
        return nil
      }
      state.body.append(contentsOf: bytes)
      return state.body.count
    }
    guard let count else { return false }
    progress?(count)
    return true
  }

  /// The TransportError for a failed transfer's CURLcode; `detail` is libcurl's error buffer,
  /// `headComplete` whether the response's head had all arrived.
  ///
  /// libcurl refuses a header line longer than it buffers as out of memory (CURLE_OUT_OF_MEMORY;
  /// CURLE_TOO_LARGE from libcurl 8.6) and never hands it on: before the head is complete, that is
  /// what the code means.
  static func classify(_ code: Int32, detail: String, headComplete: Bool = true) -> TransportError {
    switch code {
    case CTRY_CURLE_OUT_OF_MEMORY where !headComplete, CTRY_CURLE_TOO_LARGE where !headComplete:
      return .other("the server sent a response header too large to read")
    case CTRY_CURLE_OPERATION_TIMEDOUT:
      return .timeout
    case CTRY_CURLE_ABORTED_BY_CALLBACK:
      return .cancelled
    case CTRY_CURLE_COULDNT_RESOLVE_HOST:
      return .unreachable("cannot resolve the host")
    case CTRY_CURLE_COULDNT_RESOLVE_PROXY:
      return .unreachable("cannot resolve the proxy")
    case CTRY_CURLE_COULDNT_CONNECT:
      return .unreachable("connection refused")
    case CTRY_CURLE_PARTIAL_FILE:
      return .unreachable("the connection closed before the whole response arrived")
    case CTRY_CURLE_GOT_NOTHING:
      return .unreachable("the server closed the connection without answering")
    case CTRY_CURLE_SEND_ERROR, CTRY_CURLE_RECV_ERROR:
      return .unreachable("connection lost")
    case CTRY_CURLE_WEIRD_SERVER_REPLY:
      return .unreachable("bad or incomplete response from the server")
    default:
      let text = ctry_curl_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code)"
      return .other(detail.isEmpty ? text : "\(text) (\(detail))")
    }
  }

  /// The text before the first NUL.
  private static func string(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
  }
}
