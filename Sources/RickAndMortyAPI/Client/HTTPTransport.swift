import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOPosix
import Toolbox

/// HTTP GET with the limits every Rickdex request shares: a deadline per attempt, a cap on the
/// body, and retries with backoff on 5xx, 429 and dropped connections.
///
/// This is the one HTTP transport of the project; the avatar fetcher uses it too. Safe to share
/// between tasks.
public struct HTTPTransport: Sendable {
    public var configuration: TransportConfiguration
    private let logger: Logger

    public init(configuration: TransportConfiguration = TransportConfiguration(), logger: Logger = .disabled) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Fetches `url`, retrying transient failures as `configuration.retry` allows.
    ///
    /// `isComplete` checks a 200's body for the end of its document (the JSON's last bracket, an
    /// image's end marker): a body that HTTP delivered whole but that stops early was cut short
    /// on its way (a proxy, a server that lost its file), so it is retried like a dropped
    /// connection and reported as `APIError.incompleteBody` once retries are spent.
    ///
    /// A response with a transient status (429, 5xx) is returned once retries are spent, so the
    /// caller can say what the server said. Throws `APIError` or `CancellationError`.
    public func get(
        _ url: URL, headers: [(String, String)] = [], isComplete: ([UInt8]) -> Bool = { _ in true }
    ) async throws -> TransportResponse {
        var attempt = 1
        while true {
            let outcome: Result<TransportResponse, APIError>
            do {
                let response = try await getOnce(url, headers: headers)
                outcome =
                    response.status != 200 || isComplete(response.body)
                    ? .success(response)
                    : .failure(.incompleteBody(url: url.absoluteString, receivedBytes: response.body.count))
            } catch let error as APIError where error.isTransient {
                outcome = .failure(error)
            }
            if case .success(let response) = outcome, !response.isTransientFailure {
                return response
            }
            let retryAfter = (try? outcome.get())?.retryAfter
            guard
                let delay = configuration.retry.delay(
                    afterAttempt: attempt, retryAfter: retryAfter, randomUnit: Double.random(in: 0..<1))
            else { return try outcome.get() }
            logger.debug("retrying", metadata: ["url": "\(url)", "attempt": "\(attempt)", "delay": "\(delay)"])
            try await Task.sleep(for: delay)
            attempt += 1
        }
    }

    /// One attempt, no retries.
    public func getOnce(_ url: URL, headers: [(String, String)] = []) async throws -> TransportResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: configuration.userAgent)
        for (name, value) in headers {
            request.headers.add(name: name, value: value)
        }
        let timeout = configuration.requestTimeout
        let deadline =
            NIODeadline.now()
            + .nanoseconds(Int64(timeout.seconds * 1e9))
        do {
            let response = try await Self.client.execute(request, deadline: deadline, logger: logger)
            if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init),
                declared > configuration.maxBodyBytes
            {
                throw APIError.responseTooLarge(url: url.absoluteString, limitBytes: configuration.maxBodyBytes)
            }
            // AsyncHTTPClient's deadline ends with the head; a body trickling a byte at a time would
            // never trip its idle read timeout either, so the body gets what is left of the deadline.
            let limit = configuration.maxBodyBytes
            let body = try await Self.finishing(by: deadline) { try await response.body.collect(upTo: limit) }
            return TransportResponse(
                status: Int(response.status.code),
                headers: response.headers.map { (name: $0.name, value: $0.value) },
                body: Array(buffer: body)
            )
        } catch {
            throw Self.translate(error, url: url, timeout: timeout, limitBytes: configuration.maxBodyBytes)
        }
    }

    /// Runs `work`, cancelling it and throwing `HTTPClientError.deadlineExceeded` at `deadline`.
    private static func finishing<T: Sendable>(
        by deadline: NIODeadline, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                let left = deadline.uptimeNanoseconds.subtractingReportingOverflow(NIODeadline.now().uptimeNanoseconds)
                try await Task.sleep(for: .nanoseconds(left.overflow ? 0 : left.partialValue))
                return nil
            }
            // swift-format-ignore: NeverForceUnwrap
            let first = try await group.next()!
            group.cancelAll()
            guard let first else { throw HTTPClientError.deadlineExceeded }
            return first
        }
    }

    /// Maps the transport's errors to `APIError`, keeping cancellation as it is.
    static func translate(_ error: any Error, url: URL, timeout: Duration, limitBytes: Int) -> any Error {
        let address = url.absoluteString
        switch error {
        case let error as APIError:
            return error
        case is CancellationError:
            return error
        case is NIOTooManyBytesError:
            return APIError.responseTooLarge(url: address, limitBytes: limitBytes)
        case let error as HTTPClientError:
            switch error {
            case .cancelled:
                return CancellationError()
            case .redirectCycleDetected, .redirectLimitReached:
                return APIError.tooManyRedirects(url: address)
            case .deadlineExceeded, .readTimeout, .writeTimeout:
                return APIError.timedOut(url: address, seconds: timeout.seconds)
            case .connectTimeout:
                return APIError.unreachable(host: url.host ?? address, reason: "connection timed out")
            default:
                return APIError.connectionDropped(url: address, reason: "\(error)")
            }
        case let error as NIOConnectionError:
            return APIError.unreachable(host: url.host ?? address, reason: reason(of: error))
        case let error as IOError where error.errnoCode == ECONNREFUSED:
            return APIError.unreachable(host: url.host ?? address, reason: "connection refused")
        case is ChannelError:
            return APIError.connectionDropped(url: address, reason: "\(error)")
        default:
            return APIError.connectionDropped(url: address, reason: "\(error)")
        }
    }

    private static func reason(of error: NIOConnectionError) -> String {
        if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
            return "the name does not resolve"
        }
        if let first = error.connectionErrors.first?.error as? IOError, first.errnoCode == ECONNREFUSED {
            return "connection refused"
        }
        return error.connectionErrors.first.map { "\($0.error)" } ?? "no address to connect to"
    }

    /// One client for the process, set up for a command-line tool: connect failures are reported
    /// at once instead of retried until the deadline, and redirects are followed a few times.
    /// A global that is never deinitialised, so it needs no shutdown.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(20))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        configuration.decompression = .enabled(limit: .ratio(50))
        return HTTPClient(
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration,
            backgroundActivityLogger: .disabled)
    }()
}

extension Logger {
    /// A logger that drops everything: the default where the caller passes none.
    public static let disabled = Logger(label: "rickdex.disabled") { _ in SwiftLogNoOpLogHandler() }
}
