import Foundation

/// The page's files, served from an allow list: nothing else on disk is reachable.
enum WebFiles {
    /// Request path → (resource file, content type).
    static let allowed: [String: (file: String, type: String)] = [
        "/": ("index.html", "text/html; charset=utf-8"),
        "/index.html": ("index.html", "text/html; charset=utf-8"),
        "/playground.js": ("playground.js", "text/javascript; charset=utf-8"),
        "/playground.css": ("playground.css", "text/css; charset=utf-8"),
    ]

    /// The bytes and type of an allowed path; nil for anything else.
    static func file(at path: String) -> (data: Data, type: String)? {
        guard let entry = allowed[path], let url = Bundle.module.url(forResource: entry.file, withExtension: nil, subdirectory: "Web"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return (data, entry.type)
    }

    /// The page as served: `index.html` with the stylesheet and the script inline, marked with
    /// `nonce` (which the response's Content-Security-Policy allows), so the page starts its
    /// session without fetching them first. Nil when a file is missing or not as expected
    /// (the page is then served as it is, with its files fetched).
    static func inlinedPage(nonce: String) -> Data? {
        guard let page = file(at: "/").map({ String(decoding: $0.data, as: UTF8.self) }),
            let style = file(at: "/playground.css").map({ String(decoding: $0.data, as: UTF8.self) }),
            let script = file(at: "/playground.js").map({ String(decoding: $0.data, as: UTF8.self) }),
            page.contains(stylesheetTag), page.contains(scriptTag), page.contains("</body>"),
            !style.contains("</style"), !script.contains("</script")
        else { return nil }
        // The script runs at the end of the body, where the elements it looks up exist (as
        // `defer` ran it).
        let inlined = page.replacingOccurrences(of: stylesheetTag, with: "<style nonce=\"\(nonce)\">\n\(style)</style>")
            .replacingOccurrences(of: scriptTag, with: "")
            .replacingOccurrences(of: "</body>", with: "<script nonce=\"\(nonce)\">\n\(script)</script>\n</body>")
        return Data(inlined.utf8)
    }

    static let stylesheetTag = #"<link rel="stylesheet" href="/playground.css">"#
    static let scriptTag = #"<script src="/playground.js" defer></script>"#

    /// A nonce for one response: 16 random bytes, base64.
    static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }
}
