/// A host and an optional port, as a `Host` header or an origin names them: `name`,
/// `name:port`, `[v6]` or `[v6]:port`. Names are compared lowercased, IPv6 addresses without
/// their brackets.
struct Authority: Equatable {
    /// The host name or address, lowercased, without brackets.
    let host: String
    /// The port, when one is given.
    let port: Int?

    /// Parses an authority; nil when it is not one (empty, a bad port, a bare IPv6 address).
    init?(_ text: some StringProtocol) {
        let text = text.lowercased()
        guard !text.isEmpty, text.utf8.count <= 300 else { return nil }
        let name: Substring, portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            name = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            portText = rest.isEmpty ? nil : rest.dropFirst()
        } else {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            name = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
        }
        guard !name.isEmpty, !name.contains(where: { $0 == "/" || $0 == "@" || $0 == " " }) else { return nil }
        if let portText {
            guard let port = Int(portText), (0...65535).contains(port) else { return nil }
            self.port = port
        } else {
            self.port = nil
        }
        host = String(name)
    }

    /// Whether the host is this machine's loopback: `localhost` (and names under it),
    /// 127.0.0.0/8 or `::1`.
    var isLoopback: Bool { Authority.isLoopback(host) }

    /// Whether an address or name (without brackets) is loopback.
    static func isLoopback(_ name: String) -> Bool {
        let name = name.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ $0.count <= 3 && UInt8($0) != nil }) else { return false }
        return octets[0] == "127"
    }
}

/// A browser's `Origin` header: a scheme and an authority, nothing more.
struct Origin: Equatable {
    /// `http`, `https`, `ws` or `wss`, lowercased.
    let scheme: String
    let authority: Authority

    /// Parses an origin; nil for `null`, paths, and anything that is not one.
    init?(_ text: String) {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard ["http", "https", "ws", "wss"].contains(scheme) else { return nil }
        let rest = text[separator.upperBound...]
        guard !rest.contains("/"), let authority = Authority(rest) else { return nil }
        self.scheme = scheme
        self.authority = authority
    }

    /// The port a scheme implies when none is named.
    var defaultPort: Int { scheme == "https" || scheme == "wss" ? 443 : 80 }
}
