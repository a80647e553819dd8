import CLoupeCurl
import FoundationEssentials
import Logging
import SystemPackage
import HTTPTypes
import LoupeToolbox

import Glibc

/// HTTP GET with the limits every request shares: a deadline per attempt, a cap on the body,
/// retries with backoff on 5xx, 429 and dropped connections, and requests at once to one host
/// kept to what its connections carry: 8 until it answers over HTTP/2, then 64. So over HTTP/1.1
/// no request waits in libcurl's queue while its deadline runs, and over HTTP/2 a batch rides
/// one connection. Safe to share between tasks.
public struct HTTPTransport: Sendable {
    public var configuration: TransportConfiguration
    private let logger: Logger?
    /// What each host's connections spoke, for `-v`.
    public let connections = ConnectionLog()
    /// The requests in flight, for showing a wait.
    public let activity = RequestActivity()
    /// Requests at once, by host; shared by copies of this transport.
    private let limiters = Locked<[String: Slots]>([:])

    public init(configuration: TransportConfiguration = TransportConfiguration(), logger: Logger? = nil) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Fetches `url`, retrying transient failures as `configuration.retry` allows, within
    /// `totalTimeout` and `deadline`: no retry starts that could not end in the time left. Only
    /// time at the server is the server's: the timeouts start when the request leaves this
    /// process's queue, and an attempt the command's `deadline` cuts short is `deadlinePassed`.
    ///
    /// `isComplete` checks a 200's body for the end of its document: one that HTTP delivered
    /// whole but that stops early was cut short on its way, so it is retried, then reported as
    /// `incompleteBody`. A transient status (429, 5xx) is returned once retries are spent.
    /// `progress` hears the bytes received and the declared length, on libcurl's thread.
    public func get(
        _ url: URL, headers: HTTPFields = [:], isComplete: ([UInt8]) -> Bool = { _ in true },
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)? = nil
    ) async throws -> TransportResponse {
        let request = activity.begin(host: Self.hostName(url), at: .now)
        defer { activity.end(request, at: .now) }
        var clock = RequestClock(request: request, deadline: configuration.deadline, wait: configuration.totalTimeout)
        var attempt = 1
        while true {
            activity.attempt(attempt, of: request)
            if let whole = configuration.deadline, ContinuousClock.now >= whole {
                throw HTTPError.deadlinePassed(url: url.absoluteString, sent: clock.sent != nil)
            }
            let outcome: Result<TransportResponse, HTTPError>
            do {
                let response = try await getOnce(url, headers: headers, clock: &clock, progress: progress)
                log(url, response: response, since: clock.sent ?? .now, attempt: attempt)
                outcome =
                    response.status != 200 || isComplete(response.body)
                    ? .success(response)
                    : .failure(.incompleteBody(url: url.absoluteString, receivedBytes: response.body.count))
            } catch HTTPError.deadlinePassed(_, true, let ending?) {
                // Its time at the server, over every attempt.
                throw HTTPError.deadlinePassed(
                    url: url.absoluteString, ending: Self.spanning(ending, url: url, since: clock.sent, attempts: attempt))
            } catch let error as HTTPError where error.isTransient {
                logger?.debug("GET \(url) failed: \(error)", metadata: ["attempt": "\(attempt)"])
                // The request's own whole wait ran out at the server: said over every attempt.
                if let end = clock.end, ContinuousClock.now >= end - .milliseconds(5) {
                    throw Self.spanning(error, url: url, since: clock.sent, attempts: attempt)
                }
                outcome = .failure(error)
            }
            if case .success(let response) = outcome, !response.isTransientFailure {
                return response
            }
            let retryAfter = (try? outcome.get())?.retryAfter
            guard
                let delay = configuration.retry.delay(
                    afterAttempt: attempt, retryAfter: retryAfter, randomUnit: Double.random(in: 0..<1)),
                clock.end.map({ ContinuousClock.now + delay < $0 }) ?? true
            else { return try outcome.get() }
            logger?.debug("retrying", metadata: ["url": "\(url)", "attempt": "\(attempt)", "delay": "\(delay)"])
            try await Task.sleep(for: delay)
            attempt += 1
        }
    }

    /// One `get`'s time: the command's deadline, and the request's own whole wait, which starts
    /// when its first attempt is sent; and its number in `activity` (`nil` for `getOnce`).
    struct RequestClock {
        let request: Int?
        let deadline: ContinuousClock.Instant?
        /// `TransportConfiguration.totalTimeout`.
        let wait: Duration?
        private(set) var sent: ContinuousClock.Instant?

        init(request: Int?, deadline: ContinuousClock.Instant?, wait: Duration?) {
            (self.request, self.deadline, self.wait) = (request, deadline, wait)
        }

        /// When the request must be over, as far as known yet: until it is sent, the deadline alone.
        var end: ContinuousClock.Instant? {
            [deadline, sent.flatMap { sent in wait.map { sent + $0 } }].compactMap { $0 }.min()
        }

        mutating func send(at now: ContinuousClock.Instant) {
            if sent == nil { sent = now }
        }
    }

    /// `GET URL → 200 · 1234 bytes · 12 ms`, at debug level.
    private func log(_ url: URL, response: TransportResponse, since start: ContinuousClock.Instant, attempt: Int) {
        let milliseconds = Int(((ContinuousClock.now - start).seconds * 1000).rounded())
        let retried = attempt > 1 ? " · attempt \(attempt)" : ""
        logger?.debug("GET \(url) → \(response.status) · \(response.body.count) bytes · \(milliseconds) ms\(retried)")
    }

    /// A timeout (`timedOut`, `tooSlow`) as the whole request's: the time since it was first
    /// `sent`, over `attempts`; any other error as it is.
    private static func spanning(
        _ error: HTTPError, url: URL, since sent: ContinuousClock.Instant?, attempts: Int
    ) -> HTTPError {
        guard let sent else { return error }
        switch error {
        case .timedOut:
            return .timedOut(url: url.absoluteString, seconds: tenths(.now - sent), attempts: attempts)
        case .tooSlow(_, let received, _):
            return .tooSlow(url: url.absoluteString, receivedBytes: received, seconds: tenths(.now - sent))
        default:
            return error
        }
    }

    /// Seconds to a tenth, as a message says them.
    private static func tenths(_ duration: Duration) -> Double {
        (duration.seconds * 10).rounded() / 10
    }

    /// One attempt, no retries: the request and its redirects, followed hop by hop, each checked
    /// before a byte goes to it (http or https, on the same host or in `redirectHosts`, else
    /// `redirectRefused`). Another host gets no `Authorization` or `Cookie`, as curl does.
    package func getOnce(
        _ url: URL, headers: HTTPFields = [:], progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)? = nil
    ) async throws -> TransportResponse {
        var clock = RequestClock(request: nil, deadline: configuration.deadline, wait: nil)
        return try await getOnce(url, headers: headers, clock: &clock, progress: progress)
    }

    private func getOnce(
        _ url: URL, headers: HTTPFields, clock: inout RequestClock,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?
    ) async throws -> TransportResponse {
        var (current, sent) = (url, headers)
        for hop in 0...max(0, configuration.maxRedirects) {
            // Each hop is a request of its own; none starts past the caller's whole deadline.
            if hop > 0, let whole = configuration.deadline, ContinuousClock.now >= whole {
                throw HTTPError.deadlinePassed(url: url.absoluteString)
            }
            let response = try await fetch(current, headers: sent, clock: &clock, progress: progress)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers[.location],
                let next = URL(string: location, relativeTo: current)?.absoluteURL
            else { return response }
            guard hop < configuration.maxRedirects else { throw HTTPError.tooManyRedirects(url: url.absoluteString) }
            let target = UntrustedText.stripped(next.absoluteString)
            logger?.debug("GET \(current) redirected to \(target)")
            let sameHost = Self.hostName(next).lowercased() == Self.hostName(current).lowercased()
            guard ["http", "https"].contains(next.scheme?.lowercased() ?? ""),
                sameHost || (configuration.redirectHosts?.contains(next) ?? true)
            else { throw HTTPError.redirectRefused(url: url.absoluteString, target: target) }
            if !sameHost {
                sent[.authorization] = nil
                sent[.cookie] = nil
            }
            current = next
        }
        throw HTTPError.tooManyRedirects(url: url.absoluteString)
    }

    /// One transfer within the host's limit, its time from when it has a connection slot; the
    /// command's deadline ending it is `deadlinePassed`, not a timeout of the host's.
    private func fetch(
        _ url: URL, headers: HTTPFields, clock: inout RequestClock,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?
    ) async throws -> TransportResponse {
        let host = Self.hostName(url)
        let limiter = limiters.withLock { limiters in
            if let limiter = limiters[host] { return limiter }
            let limiter = Slots(limit: Workload.connectionsPerHost)
            limiters[host] = limiter
            return limiter
        }
        // First come, first served: priority is decided above, in the image pipeline's loads.
        return try await limiter.withSlot {
            let now = ContinuousClock.now
            if let whole = configuration.deadline, now >= whole {
                throw HTTPError.deadlinePassed(url: url.absoluteString, sent: clock.sent != nil)
            }
            clock.send(at: now)
            if let request = clock.request { activity.sent(request, at: now) }
            let timeout = clock.end.map { min(configuration.requestTimeout, $0 - now) } ?? configuration.requestTimeout
            do {
                let (response, spoken) = try await attempt(url, headers: headers, timeout: timeout, progress: progress)
                if spoken == ConnectionLog.http2, limiter.limit < Workload.streamsPerConnection {
                    limiter.setLimit(Workload.streamsPerConnection)
                }
                return response
            } catch let error as HTTPError
                where Self.ranOutOfTime(error)
                && configuration.deadline.map({ ContinuousClock.now >= $0 - .milliseconds(5) }) ?? false
            {
                // The command's deadline ended it, not the host: a connection not yet made
                // (libcurl's own queue, or a slow connect) sent nothing.
                let sent = Self.wasSent(error)
                throw HTTPError.deadlinePassed(url: url.absoluteString, sent: sent, ending: sent ? error : nil)
            }
        }
    }

    private func attempt(
        _ url: URL, headers: HTTPFields, timeout: Duration,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?
    ) async throws -> (TransportResponse, String?) {
        let limit = configuration.maxBodyBytes
        let engine: CurlEngine
        switch CurlEngine.shared(library: configuration.libcurlPath) {
        case .success(let loaded): engine = loaded
        case .failure(let failure): throw Self.translate(failure, url: url, timeout: timeout, limitBytes: limit)
        }
        guard
            let transfer = CurlTransfer(
                url: url.absoluteString, headers: headers, userAgent: configuration.userAgent,
                timeoutMilliseconds: max(1, Int(timeout.seconds * 1000)), connectTimeoutMilliseconds: 5000,
                maxBodyBytes: limit, trustedCertificates: configuration.trustedCertificates,
                login: configuration.login.flatMap { $0.host == Self.hostName(url).lowercased() ? $0 : nil })
        else {
            throw HTTPError.unreachable(host: url.host ?? url.absoluteString, cause: .transferNotStarted)
        }
        transfer.onProgress = progress
        do {
            let response = try await engine.perform(transfer)
            if let connection = response.connection { connections.record(connection, host: Self.hostName(url)) }
            return (
                TransportResponse(status: response.status, headers: response.headers, body: response.body),
                response.connection?.protocol
            )
        } catch let failure as CurlTransfer.Failure {
            throw Self.translate(failure, url: url, timeout: timeout, limitBytes: limit)
        }
    }

    /// Whether `error` is an attempt that ran out of time (no answer, too slow, no connection).
    private static func ranOutOfTime(_ error: HTTPError) -> Bool {
        switch error {
        case .timedOut, .tooSlow, .unreachable(_, .connectTimedOut): true
        default: false
        }
    }

    /// Whether an attempt that ran out of time had its request sent: a connection was made.
    private static func wasSent(_ error: HTTPError) -> Bool {
        if case .unreachable = error { return false }
        return true
    }

    /// `host:port` as the connection log names it.
    package static func hostName(_ url: URL) -> String {
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(url.host ?? "?"):\(port)"
    }

    /// Maps a transfer's failure to `HTTPError`, or to `CancellationError`.
    static func translate(_ failure: CurlTransfer.Failure, url: URL, timeout: Duration, limitBytes: Int) -> any Error {
        let (address, host) = (url.absoluteString, Self.hostName(url))
        switch failure {
        case .cancelled:
            return CancellationError()
        case .tooLarge:
            return HTTPError.responseTooLarge(url: address, limitBytes: limitBytes)
        case .unavailable(let reason):
            return HTTPError.transportUnavailable(reason: reason)
        case .curl(let code, let message, let systemError, let connected, let received):
            switch CURLcode(rawValue: UInt32(code)) {
            case CURLE_COULDNT_RESOLVE_HOST:
                return HTTPError.unreachable(host: host, cause: .nameNotResolved)
            case CURLE_COULDNT_CONNECT where systemError != 0:
                return HTTPError.unreachable(host: host, cause: .system(Errno(rawValue: systemError)))
            case CURLE_OPERATION_TIMEDOUT where !connected:
                return HTTPError.unreachable(host: host, cause: .connectTimedOut)
            case CURLE_OPERATION_TIMEDOUT where received > 0:
                // It answered, only slowly: not "no answer".
                return HTTPError.tooSlow(url: address, receivedBytes: received, seconds: timeout.seconds)
            case CURLE_OPERATION_TIMEDOUT:
                return HTTPError.timedOut(url: address, seconds: timeout.seconds)
            case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR:
                return HTTPError.untrustedCertificate(host: host, cause: .curl(code: code, message: message))
            case CURLE_COULDNT_CONNECT, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
                CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
                return HTTPError.unreachable(host: host, cause: .curl(code: code, message: message))
            default:
                return HTTPError.connectionDropped(url: address, cause: .curl(code: code, message: message))
            }
        }
    }
}

extension Logger {
    /// A logger that drops everything, for the package's own code where no logger is given.
    package static let disabled = Logger(label: "disabled") { _ in SwiftLogNoOpLogHandler() }
}
