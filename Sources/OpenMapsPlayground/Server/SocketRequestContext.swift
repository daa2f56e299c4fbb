import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of the WebSocket route: Hummingbird's, plus the connection's channel,
/// so a session that ends can end its connection outright (even one whose page stopped reading).
struct SocketRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<SocketRequestContext>
    /// The connection.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}
