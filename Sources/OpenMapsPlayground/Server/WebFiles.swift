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
}
