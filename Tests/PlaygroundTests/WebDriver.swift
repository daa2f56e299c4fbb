import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// A small W3C WebDriver client driving Debian's Chromium through chromedriver (headless).
/// It speaks HTTP through Hummingbird's test client: chromedriver writes headers without a
/// space after the colon, which FoundationNetworking's URLSession refuses.
final class WebDriver: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"

    private let driver: DriverProcess
    private let client: TestClient
    private let session: String

    private init(driver: DriverProcess, client: TestClient, session: String) {
        self.driver = driver
        self.client = client
        self.session = session
    }

    /// Starts chromedriver and a headless Chromium with a window of a size.
    static func start(width: Int = 1280, height: Int = 800) async throws -> WebDriver {
        for path in [chromium, chromedriver] where !FileManager.default.isExecutableFile(atPath: path) {
            throw Failure(description: "\(path) is missing: `make setup` installs Chromium and chromedriver")
        }
        let port = Int.random(in: 20_000...40_000)
        let driver = try DriverProcess(chromedriver, ["--port=\(port)", "--log-level=SEVERE"])
        // Ready when /status answers.
        var ready = false
        var problem = "no answer"
        var connected: TestClient?
        for _ in 0..<100 {
            // A client a try: its promise is fulfilled or failed by connecting.
            let client = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(60)))
            client.connect()
            do {
                let status = try await request(client, .get, "/status", nil)
                if (status["value"] as? [String: Any])?["ready"] as? Bool == true {
                    ready = true
                    connected = client
                    break
                }
                problem = "\(status)"
            } catch {
                problem = "\(error)"
            }
            try? await client.shutdown()
            try await Task.sleep(for: .milliseconds(100))
        }
        guard ready, let client = connected else {
            driver.stop()
            throw Failure(description: "chromedriver did not start: \(problem)")
        }
        var arguments = ["--headless=new", "--disable-gpu", "--window-size=\(width),\(height)", "--disable-dev-shm-usage", "--hide-scrollbars", "--disable-breakpad", "--disable-crash-reporter"]
        if getuid() == 0 { arguments.append("--no-sandbox") }
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": ["binary": chromium, "args": arguments],
                ]
            ]
        ]
        let created = try await request(client, .post, "/session", capabilities)
        guard let value = created["value"] as? [String: Any], let session = value["sessionId"] as? String else {
            try? await client.shutdown()
            driver.stop()
            throw Failure(description: "no WebDriver session: \(created)")
        }
        return WebDriver(driver: driver, client: client, session: session)
    }

    /// Ends the browser and chromedriver, and every process they started.
    func quit() async {
        _ = try? await WebDriver.request(client, .delete, "/session/\(session)", nil)
        try? await client.shutdown()
        driver.stop()
    }

    private func command(_ method: HTTPRequest.Method, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        let answer = try await WebDriver.request(client, method, "/session/\(session)/\(path)", body)
        if let value = answer["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure(description: "\(path): \(error): \(value["message"] ?? "")")
        }
        return answer["value"]
    }

    private static func request(_ client: TestClient, _ method: HTTPRequest.Method, _ path: String, _ body: [String: Any]?) async throws -> [String: Any] {
        var headers = HTTPFields()
        var buffer: ByteBuffer?
        if let body {
            headers[.contentType] = "application/json"
            buffer = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body))
        } else if method == .post {
            buffer = ByteBuffer(string: "{}")
            headers[.contentType] = "application/json"
        }
        let response = try await client.execute(TestClient.Request(path, method: method, headers: headers, body: buffer))
        let data = response.body.map { Data($0.readableBytesView) } ?? Data()
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// Opens a URL.
    func open(_ url: String) async throws { _ = try await command(.post, "url", ["url": url]) }

    /// Makes the page's device pixel ratio another (as moving the window to another screen
    /// does), keeping the viewport's size: Chromium's device emulation, through chromedriver.
    func emulatePixelRatio(_ ratio: Double, width: Int, height: Int) async throws {
        let parameters: [String: Any] = ["width": width, "height": height, "deviceScaleFactor": ratio, "mobile": false]
        _ = try await command(.post, "goog/cdp/execute", ["cmd": "Emulation.setDeviceMetricsOverride", "params": parameters])
    }

    /// Runs a script in every page opened from now on, before the page's own: Chromium's
    /// `Page.addScriptToEvaluateOnNewDocument`, through chromedriver.
    func runOnEveryNewPage(_ script: String) async throws {
        _ = try await command(.post, "goog/cdp/execute", ["cmd": "Page.addScriptToEvaluateOnNewDocument", "params": ["source": script]])
    }

    /// Runs a script in the page and returns its value.
    func run(_ script: String) async throws -> Any? {
        try await command(.post, "execute/sync", ["script": script, "args": [Any]()])
    }

    /// Waits (up to `timeout` seconds) until a script returns true.
    func wait(_ script: String, timeout: TimeInterval = 20) async throws -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if try await run(script) as? Bool == true { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// A PNG of the page.
    func screenshot() async throws -> Data {
        guard let text = try await command(.get, "screenshot") as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    /// Pointer steps in viewport coordinates.
    enum Step {
        case move(x: Double, y: Double, duration: Int = 0)
        case down
        case up
        case pause(Int)
    }

    /// Turns the mouse wheel over a viewport point (negative `deltaY`: away from the user's
    /// palm, scrolling up).
    func wheel(x: Double, y: Double, deltaY: Int) async throws {
        let scroll: [String: Any] = [
            "type": "scroll", "origin": "viewport", "x": Int(x.rounded()), "y": Int(y.rounded()), "deltaX": 0, "deltaY": deltaY,
            "duration": 100,
        ]
        _ = try await command(.post, "actions", ["actions": [["type": "wheel", "id": "wheel", "actions": [scroll]]]])
        _ = try await command(.delete, "actions")
    }

    /// Types text with the keyboard into the focused element (`\u{E007}` is Enter).
    func type(_ text: String) async throws {
        let actions: [[String: Any]] = text.flatMap { character -> [[String: Any]] in
            [["type": "keyDown", "value": String(character)], ["type": "keyUp", "value": String(character)]]
        }
        _ = try await command(.post, "actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
        _ = try await command(.delete, "actions")
    }

    /// Performs a mouse's steps.
    func mouse(_ steps: [Step]) async throws {
        let actions: [[String: Any]] = steps.map { step in
            switch step {
            case .move(let x, let y, let duration):
                return ["type": "pointerMove", "duration": duration, "origin": "viewport", "x": Int(x.rounded()), "y": Int(y.rounded())]
            case .down: return ["type": "pointerDown", "button": 0]
            case .up: return ["type": "pointerUp", "button": 0]
            case .pause(let milliseconds): return ["type": "pause", "duration": milliseconds]
            }
        }
        _ = try await command(
            .post, "actions",
            ["actions": [["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": actions]]])
        _ = try await command(.delete, "actions")
    }
}

/// chromedriver as a child process in a process group of its own, with the default signal
/// dispositions and no signal blocked: the test runner's threads block most signals, and a
/// child started from one (as Foundation's `Process` starts it) inherits that mask, so
/// SIGTERM never reached chromedriver and every test run left its drivers running. `stop()`
/// ends the whole group (chromedriver and the Chromium it started) and reaps the driver.
final class DriverProcess: @unchecked Sendable {
    private let pid: pid_t
    private let lock = NSLock()
    private var stopped = false

    init(_ executable: String, _ arguments: [String]) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw WebDriver.Failure(description: "\(executable) did not start: \(spawned)") }
        self.pid = pid
    }

    deinit { stop() }

    /// Ends the group: SIGTERM, then SIGKILL to whatever is left after 2 s; reaps the driver.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        kill(-pid, SIGTERM)
        var status: Int32 = 0
        let end = Date().addingTimeInterval(2)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < end else {
                kill(-pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(20_000)
        }
        // Chromium's own processes, if any outlived the driver.
        kill(-pid, SIGKILL)
    }
}
