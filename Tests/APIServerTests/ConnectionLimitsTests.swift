import APIServer
import Foundation
import RickAndMortyAPI
import TestSupport
import Testing

/// `serve` holds its ground as nginx does: idle connections and slow headers are closed after
/// their timeouts, and one client holds no more than its share of connections. A real server on
/// port 0, real sockets.
@Suite struct ConnectionLimitsTests {
    /// Runs `body` with a server of the fixtures held to `limits`, given its API root.
    func withServer(_ limits: ConnectionLimits, _ body: (URL) async throws -> Void) async throws {
        let server = try await APIServer.start(
            dataset: TestData.fixturesDataset, configuration: APIServerConfiguration(port: 0, connections: limits))
        do {
            try await body(server.root.url)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    /// How much sooner than this side's clock says the server's timer may start: it starts as
    /// the server sends or reads, before this side sees it.
    static let slack = Duration.milliseconds(50)

    @Test func anIdleConnectionIsClosedAfterTheIdleTimeout() async throws {
        let idle = Duration.milliseconds(300)
        try await withServer(ConnectionLimits(idleTimeout: idle, headerTimeout: .seconds(120))) { root in
            let connection = try RawConnection(to: root)
            #expect(connection.send(RawConnection.request("/character/1")))
            let answered = try connection.response()
            #expect(answered.head.hasPrefix("HTTP/1.1 200"), "\(answered.head)")
            let quiet = ContinuousClock.now
            // The bound only turns a hang into a failure; the header timeout is far past it.
            #expect(connection.closure(within: .seconds(60)) == .closed)
            // The server's clock starts as its answer leaves, a little before this one's.
            #expect(ContinuousClock.now - quiet >= idle - Self.slack, "closed before it was idle for the timeout")
        }
    }

    @Test func aConnectionKeptBusyIsNotIdle() async throws {
        try await withServer(ConnectionLimits(idleTimeout: .seconds(120), headerTimeout: .seconds(120))) { root in
            let connection = try RawConnection(to: root)
            for id in 1...3 {
                #expect(connection.send(RawConnection.request("/character/\(id)")))
                let answered = try connection.response()
                #expect(answered.head.hasPrefix("HTTP/1.1 200"), "\(answered.head)")
                #expect(String(decoding: answered.body, as: UTF8.self).hasPrefix("{\"id\":\(id),"))
            }
        }
    }

    @Test func halfAHeaderIsCutOffAfterTheHeaderTimeout() async throws {
        let header = Duration.milliseconds(300)
        try await withServer(ConnectionLimits(idleTimeout: .seconds(120), headerTimeout: header)) { root in
            let connection = try RawConnection(to: root)
            let started = ContinuousClock.now
            #expect(connection.send("GET /api/character/1 HTTP/1.1\r\nHo"))
            #expect(connection.closure(within: .seconds(60)) == .closed)
            #expect(ContinuousClock.now - started >= header - Self.slack)
        }
    }

    @Test func halfAHeaderAfterAnAnswerIsCutOffToo() async throws {
        // Long enough for the first request to be read and answered within it on a busy machine
        // (at 300 ms the full suite once saw the connection cut before the answer).
        let header = Duration.seconds(2)
        try await withServer(ConnectionLimits(idleTimeout: .seconds(120), headerTimeout: header)) { root in
            let connection = try RawConnection(to: root)
            #expect(connection.send(RawConnection.request("/character/2")))
            #expect(try connection.response().head.hasPrefix("HTTP/1.1 200"))
            let started = ContinuousClock.now
            #expect(connection.send("GET /api/character/3 HTTP/1.1\r\n"))
            #expect(connection.closure(within: .seconds(60)) == .closed)
            #expect(ContinuousClock.now - started >= header - Self.slack)
        }
    }

    @Test func aConnectionThatSaysNothingIsClosedAfterTheHeaderTimeout() async throws {
        try await withServer(ConnectionLimits(idleTimeout: .seconds(120), headerTimeout: .milliseconds(300))) { root in
            let connection = try RawConnection(to: root)
            #expect(connection.closure(within: .seconds(60)) == .closed)
        }
    }

    @Test func aClientPastItsShareIsRefusedAndServedAgainOnceOneCloses() async throws {
        let share = 3
        try await withServer(ConnectionLimits(connectionsPerClient: share)) { root in
            // Each answered, so each is counted before the next one opens.
            var held: [RawConnection] = []
            for id in 1...share {
                let connection = try RawConnection(to: root)
                #expect(connection.send(RawConnection.request("/character/\(id)")))
                #expect(try connection.response().head.hasPrefix("HTTP/1.1 200"))
                held.append(connection)
            }
            let refused = try RawConnection(to: root)
            refused.send(RawConnection.request("/character/4"))
            #expect(refused.closure(within: .seconds(60)) == .closed, "the connection past the share was answered")
            // Those held are still served.
            #expect(held[0].send(RawConnection.request("/character/5")))
            #expect(try held[0].response().head.hasPrefix("HTTP/1.1 200"))

            held.removeLast()
            // The server sees the close a moment later: a new connection is served once it has.
            try await until("a connection served after one of the share closed", within: .seconds(60)) {
                guard let connection = try? RawConnection(to: root), connection.send(RawConnection.request("/character/6"))
                else { return false }
                return (try? connection.response(within: .seconds(10)))?.head.hasPrefix("HTTP/1.1 200") == true
            }
        }
    }
}
