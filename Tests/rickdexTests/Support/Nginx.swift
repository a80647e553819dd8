import Foundation
import TestSupport
import Testing

/// A real nginx on a loopback port, as a caching proxy in front of an upstream API, with a
/// configuration written to a temporary folder: the set-up `docs/team-cache.md` describes.
///
/// Its access log has one line a request: method, URI, status and `$upstream_cache_status`.
final class Nginx {
    /// The nginx binary, or `nil` when it is not installed (`scripts/setup --for-tests` installs it).
    static let binary: String? = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let missing: Comment = "nginx is not installed (scripts/setup --for-tests installs it): skipping the proxy tests"

    let folder: TemporaryFolder
    let port: Int
    private let process: Process

    let tls: Bool

    /// The API root through the proxy.
    var apiRoot: String { "\(tls ? "https" : "http")://127.0.0.1:\(port)/api" }

    /// Starts nginx in front of `upstream` (`http://127.0.0.1:N`), with `extra` lines added to
    /// its `location /api/` block (and `avatars` lines to a `location /api/character/avatar/` of
    /// its own, when given), over TLS and HTTP/2 with `certificate` when given. Tries a few
    /// ports until one binds.
    init(
        upstream: String, extra: String = "", avatars: String? = nil, certificate: TestCertificates.Server? = nil
    ) throws {
        tls = certificate != nil
        let binary = try #require(Self.binary, Self.missing)
        folder = try TemporaryFolder()
        for name in ["cache", "logs", "temp"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        var started: (Process, Int)?
        for _ in 0..<8 where started == nil {
            // Below Linux's ephemeral range (32768-60999), which clients' own ports come from.
            let port = Int.random(in: 20000...32767)
            // Another test's server there already would answer for an nginx that could not bind.
            if Self.canConnect(port: port) { continue }
            try Self.configuration(
                folder: folder.path, port: port, upstream: upstream, extra: extra, avatars: avatars, certificate: certificate)
                .write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["-p", folder.path, "-c", folder.appendingPathComponent("nginx.conf").path, "-e", "stderr"]
            process.standardError = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            if Self.waitUntilListening(port: port, process: process) { started = (process, port) }
        }
        (process, port) = try #require(started, "nginx did not start on any of 8 ports")
    }

    deinit {
        // SIGKILL: a test process may hand its children SIGTERM blocked, and nginx without a
        // master process does not unblock it. Nothing of nginx's outlives the temporary folder.
        kill(process.processIdentifier, SIGKILL)
        process.exitStatus()
    }

    /// The access log's lines so far, as (URI, cache status) pairs.
    func accessLog() throws -> [(uri: String, cacheStatus: String)] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("logs/access.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            return fields.count >= 4 ? (String(fields[1]), String(fields[3])) : nil
        }
    }

    private static func configuration(
        folder: String, port: Int, upstream: String, extra: String, avatars: String?, certificate: TestCertificates.Server?
    ) -> String {
        let proxying = """
            proxy_pass \(upstream);
                    proxy_http_version 1.1;
                    proxy_set_header Connection "";
                    proxy_cache rickdex;
                    proxy_cache_lock on;
                    proxy_cache_revalidate on;
                    proxy_cache_use_stale error timeout updating http_500 http_502 http_503 http_504;
                    add_header X-Cache-Status $upstream_cache_status always;
            """
        let avatarLocation = avatars.map { "location /api/character/avatar/ {\n \(proxying)\n \($0)\n }" } ?? ""
        // nginx 1.22 (Debian 12) takes http2 on the listen line; 1.25.1+ also as `http2 on`.
        let listen =
            certificate.map {
                "listen 127.0.0.1:\(port) ssl http2;\n ssl_certificate \($0.certificate);\n ssl_certificate_key \($0.key);"
            } ?? "listen 127.0.0.1:\(port);"
        return """
        daemon off;
        master_process off;
        worker_processes 1;
        pid \(folder)/nginx.pid;
        error_log stderr warn;
        events { worker_connections 256; }
        http {
            client_body_temp_path \(folder)/temp/body;
            proxy_temp_path \(folder)/temp/proxy;
            fastcgi_temp_path \(folder)/temp/fastcgi;
            uwsgi_temp_path \(folder)/temp/uwsgi;
            scgi_temp_path \(folder)/temp/scgi;
            proxy_cache_path \(folder)/cache levels=1:2 keys_zone=rickdex:10m max_size=1g inactive=30d use_temp_path=off;
            log_format cache '$request_method $request_uri $status $upstream_cache_status';
            access_log \(folder)/logs/access.log cache;
            server {
                \(listen)
                location /api/ {
                    \(proxying)
                    \(extra)
                }
                \(avatarLocation)
            }
        }
        """
    }

    /// Polls the port until a connection is accepted (true) or the process exits (false). An
    /// nginx that lost the port to another server started at the same moment exits at once: it
    /// must still run a moment after the port answers for the port to be its own.
    private static func waitUntilListening(port: Int, process: Process) -> Bool {
        for _ in 0..<100 {
            if !process.isRunning { return false }
            if canConnect(port: port) {
                usleep(100_000)
                return process.isRunning
            }
            usleep(20_000)
        }
        return false
    }

    private static func canConnect(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
