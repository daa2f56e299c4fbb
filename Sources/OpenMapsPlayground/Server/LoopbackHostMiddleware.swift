import Foundation
import Hummingbird

/// Answers only requests whose `Host` the server may serve (``PlaygroundServer/isAllowed(host:boundTo:)``):
/// bound to loopback, a request naming any other host (a DNS-rebound name, say) gets
/// 421 Misdirected Request.
struct LoopbackHostMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The address the server binds.
    let boundAddress: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard PlaygroundServer.isAllowed(host: request.head.authority, boundTo: boundAddress) else {
            context.logger.warning("request refused: host \(request.head.authority ?? "-") is not a loopback name")
            return PlaygroundServer.response(Data("This server answers only loopback host names.\n".utf8), type: "text/plain; charset=utf-8", status: .misdirectedRequest)
        }
        return try await next(request, context)
    }
}
