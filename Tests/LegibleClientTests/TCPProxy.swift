import NIOCore
import NIOPosix
import Synchronization

/// A TCP forwarder on loopback between a server and its database, whose link can be cut and restored: what a
/// network that drops the database looks like to the server. Cutting closes every forwarded connection and closes
/// new ones as soon as they are accepted; restoring forwards again.
final class TCPProxy: Sendable {
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let listener: any Channel
    private let links = Links()
    /// The port the proxy listens on (127.0.0.1).
    let port: Int

    /// Starts forwarding connections to 127.0.0.1 (or `host`) at `targetPort`.
    init(host: String = "127.0.0.1", targetPort: Int) throws {
        let group = group, links = links
        listener = try ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { inbound in
                if links.state.withLock({ $0.cut }) { return inbound.close() }
                // Nothing is read from the client until the database side is connected.
                return inbound.setOption(.autoRead, value: false).flatMap {
                    ClientBootstrap(group: group)
                    .connect(host: host, port: targetPort)
                    .flatMap { outbound in
                        links.state.withLock { $0.open += [inbound, outbound] }
                        return outbound.pipeline.addHandler(Forwarder(partner: inbound))
                            .flatMap { inbound.pipeline.addHandler(Forwarder(partner: outbound)) }
                            .flatMap { inbound.setOption(.autoRead, value: true) }
                    }
                }
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        port = listener.localAddress?.port ?? 0
    }

    /// Drops every forwarded connection and refuses new ones until ``restore()``.
    func cut() {
        let open = links.state.withLock { state -> [any Channel] in
            state.cut = true
            defer { state.open = [] }
            return state.open
        }
        for channel in open { channel.close(promise: nil) }
    }

    /// Forwards new connections again.
    func restore() { links.state.withLock { $0.cut = false } }

    /// Stops listening and closes everything.
    func stop() {
        cut()
        try? listener.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// Whether the link is cut, and the connections open through it (both sides).
    private final class Links: Sendable {
        let state = Mutex<(cut: Bool, open: [any Channel])>((false, []))
    }

    /// Writes what one side reads to the other, and closes the other when one closes.
    private final class Forwarder: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let partner: any Channel

        init(partner: any Channel) { self.partner = partner }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            partner.writeAndFlush(unwrapInboundIn(data), promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            partner.close(promise: nil)
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
