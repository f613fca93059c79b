import FoundationEssentials

/// HTTP over libcurl, loaded with `dlopen` on the first request (see the CCurl target), so that a run
/// that never goes to the network does not load it. Streams the body, so that progress can be shown and
/// an oversized response stopped early; Task cancellation cancels the transfer.
public struct CurlTransport: HTTPTransport {
  public let userAgent: String

  public init(userAgent: String = "ctry") {
    self.userAgent = userAgent
  }

  public func send(_ request: HTTPRequest, maxBytes: Int, progress: (@Sendable (Int) -> Void)?)
    async throws(TransportError) -> HTTPResponse
  {
    let transfer = CurlTransfer(request: request, userAgent: userAgent, maxBytes: maxBytes, progress: progress)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in transfer.start(continuation) }
    } onCancel: {
      transfer.cancel()
    }
    return try result.get()
  }
}
