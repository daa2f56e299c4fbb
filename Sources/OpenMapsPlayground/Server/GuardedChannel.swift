import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// HTTP/1 with WebSocket upgrades, each connection behind a ``ConnectionGuard`` that sees its
/// bytes before any HTTP parsing does.
struct GuardedChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel
    let table: ConnectionTable
    let limits: ConnectionGuard.Limits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let added = channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                ConnectionGuard(table: table, limits: limits, logger: PlaygroundServer.logger), position: .first)
        }
        return added.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with WebSocket upgrades through `webSocketRouter`, every connection guarded: held
    /// to `limits` and counted in `table`.
    static func guardedHTTP1WebSocketUpgrade<WSResponderBuilder: HTTPResponderBuilder>(
        webSocketRouter: WSResponderBuilder,
        configuration: HTTP1WebSocketUpgradeChannel.Configuration,
        table: ConnectionTable,
        limits: ConnectionGuard.Limits
    ) -> HTTPServerBuilder where WSResponderBuilder.Responder.Context: WebSocketRequestContext {
        let webSocketResponder = webSocketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            GuardedChannel(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                table: table, limits: limits)
        }
    }
}
