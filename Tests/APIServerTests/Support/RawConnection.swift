import Foundation
import Glibc

/// One TCP connection to a loopback port, written and read byte for byte: what a client that
/// holds a connection, or sends half a header, does, which no HTTP library lets a test do.
final class RawConnection {
    /// What a read saw.
    enum Outcome: Equatable {
        /// Bytes arrived.
        case bytes([UInt8])
        /// The server closed the connection (end of file, or a reset).
        case closed
        /// Nothing within the wait.
        case silent
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32

    /// Connects to `127.0.0.1:port`.
    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect to port \(port): \(reason)")
        }
    }

    /// Connects to the server whose API root is `root` (`http://127.0.0.1:N/api`).
    convenience init(to root: URL) throws {
        guard let port = root.port else { throw Failure(description: "\(root) names no port") }
        try self.init(port: port)
    }

    deinit {
        close(descriptor)
    }

    /// Sends `text` whole; `false` when the server has closed the connection meanwhile.
    @discardableResult
    func send(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            bytes = bytes.dropFirst(sent)
        }
        return true
    }

    /// Waits up to `limit` for what comes next: bytes, the connection's end, or nothing.
    func read(within limit: Duration) -> Outcome {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(limit / .milliseconds(1))
        let ready = poll(&poller, 1, milliseconds)
        guard ready > 0 else { return .silent }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count > 0 ? .bytes(Array(buffer[..<count])) : .closed
    }

    /// Reads one whole HTTP response with a `Content-Length` (the server's are), waiting up to
    /// `limit` in all; the status line and headers as text, and the body.
    func response(within limit: Duration = .seconds(60)) throws -> (head: String, body: [UInt8]) {
        let deadline = ContinuousClock.now + limit
        var received: [UInt8] = []
        while ContinuousClock.now < deadline {
            if let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count - end.upperBound >= length {
                    return (head, Array(received[end.upperBound..<(end.upperBound + length)]))
                }
            }
            switch read(within: deadline - ContinuousClock.now) {
            case .bytes(let bytes): received += bytes
            case .closed: throw Failure(description: "closed after \(received.count) bytes of a response")
            case .silent: break
            }
        }
        throw Failure(description: "no whole response within \(limit): \(received.count) bytes")
    }

    /// Waits up to `limit` for the server to close the connection; what came instead, if anything.
    func closure(within limit: Duration) -> Outcome {
        let deadline = ContinuousClock.now + limit
        var received: [UInt8] = []
        while ContinuousClock.now < deadline {
            switch read(within: deadline - ContinuousClock.now) {
            case .bytes(let bytes): received += bytes
            case .closed: return received.isEmpty ? .closed : .bytes(received)
            case .silent: break
            }
        }
        return received.isEmpty ? .silent : .bytes(received)
    }
}

extension RawConnection {
    /// A GET of `path` (under `/api`), keeping the connection open.
    static func request(_ path: String) -> String {
        "GET /api\(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    }
}
