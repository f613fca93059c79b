import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// HTTP over Foundation's URLSession (libcurl on Linux), streaming so that progress can be shown
/// and an oversized response stopped early; Task cancellation cancels the request.
public struct URLSessionTransport: HTTPTransport {
  public init() {}

  public func send(_ request: HTTPRequest, maxBytes: Int, progress: (@Sendable (Int) -> Void)?)
    async throws(TransportError) -> HTTPResponse
  {
    var urlRequest = URLRequest(url: request.url)
    // Foundation on Linux truncates timeouts to whole seconds (0.5 s would be 0 ms, i.e. at once):
    // round up, to at least a second.
    let seconds = Double(request.timeout.components.seconds) + Double(request.timeout.components.attoseconds) / 1e18
    urlRequest.timeoutInterval = max(1, seconds.rounded(.up))
    urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let delegate = StreamingDelegate(maxBytes: maxBytes, progress: progress)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.timeoutIntervalForRequest = urlRequest.timeoutInterval
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: urlRequest)
    let result: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        delegate.start(continuation)
        task.resume()
      }
    } onCancel: {
      delegate.cancelled()
      task.cancel()
    }
    return try result.get()
  }
}

/// Collects one response, enforcing the size cap.
private final class StreamingDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private struct State {
    var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?
    var body = Data()
    var status = 0
    var headers: [String: String] = [:]
    var failure: TransportError?
  }

  private let maxBytes: Int
  private let progress: (@Sendable (Int) -> Void)?
  private let state = Mutex(State())

  init(maxBytes: Int, progress: (@Sendable (Int) -> Void)?) {
    self.maxBytes = maxBytes
    self.progress = progress
  }

  func start(_ continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) {
    let alreadyCancelled = state.withLock { state -> Bool in
      if state.failure == .cancelled { return true }
      state.continuation = continuation
      return false
    }
    if alreadyCancelled { continuation.resume(returning: .failure(.cancelled)) }
  }

  func cancelled() {
    state.withLock { $0.failure = .cancelled }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    if let http = response as? HTTPURLResponse {
      var headers: [String: String] = [:]
      for (key, value) in http.allHeaderFields {
        headers[String(describing: key).lowercased()] = String(describing: value)
      }
      let expected = http.expectedContentLength
      state.withLock {
        $0.status = http.statusCode
        $0.headers = headers
      }
      if expected > Int64(maxBytes) {
        state.withLock { $0.failure = .tooLarge(limit: maxBytes) }
        completionHandler(.cancel)
        return
      }
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let (count, tooLarge) = state.withLock { state -> (Int, Bool) in
      state.body.append(data)
      return (state.body.count, state.body.count > maxBytes)
    }
    if tooLarge {
      state.withLock { $0.failure = .tooLarge(limit: maxBytes) }
      dataTask.cancel()
      return
    }
    progress?(count)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let (continuation, result) = state.withLock {
      state -> (CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?, Result<HTTPResponse, TransportError>)
      in
      let continuation = state.continuation
      state.continuation = nil
      if let failure = state.failure { return (continuation, .failure(failure)) }
      if let error { return (continuation, .failure(Self.classify(error))) }
      return (continuation, .success(HTTPResponse(status: state.status, headers: state.headers, body: state.body)))
    }
    continuation?.resume(returning: result)
  }

  static func classify(_ error: any Error) -> TransportError {
    guard let urlError = error as? URLError else { return .other(error.localizedDescription) }
    switch urlError.code {
    case .timedOut:
      return .timeout
    case .cancelled:
      return .cancelled
    case .cannotFindHost, .dnsLookupFailed:
      return .unreachable("cannot resolve the host")
    case .cannotConnectToHost:
      return .unreachable("connection refused")
    case .notConnectedToInternet:
      return .unreachable("no network connection")
    case .networkConnectionLost:
      return .unreachable("connection lost")
    case .badServerResponse, .cannotParseResponse, .zeroByteResource:
      return .unreachable("bad or incomplete response from the server")
    case .unknown where urlError.localizedDescription.contains("transfer closed"):
      // libcurl: the server closed the connection before sending the whole body.
      return .unreachable("the connection closed before the whole response arrived")
    default:
      return .other(urlError.localizedDescription)
    }
  }
}
