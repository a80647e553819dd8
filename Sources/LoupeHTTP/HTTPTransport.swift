import CLoupeCurl
import FoundationEssentials
import Logging
import SystemPackage
import HTTPTypes
import LoupeToolbox

import Glibc

/// HTTP GET with the limits every request shares: a deadline per attempt, a cap on the
/// body, retries with backoff on 5xx, 429 and dropped connections, and a limit on requests at
/// once to one host: as many as its connections carry.
///
/// That is 8 (`Workload.connectionsPerHost`) until the host answers over HTTP/2, then 64
/// (`Workload.streamsPerConnection`). So over HTTP/1.1 no request waits in libcurl's queue for a
/// connection while its deadline runs, and over HTTP/2 a whole batch rides one connection (libcurl
/// opens another when the streams of the first are all taken).
///
/// The image pipeline's default loader (`ImageFetcher`) uses it too. Safe to share
/// between tasks.
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

    /// Fetches `url`, retrying transient failures as `configuration.retry` allows, all within
    /// the configuration's deadline (`totalTimeout`, `deadline`): an attempt gets no more than
    /// the time left, and no retry starts that could not end in it.
    ///
    /// `isComplete` checks a 200's body for the end of its document (the JSON's last bracket, an
    /// image's end marker): a body that HTTP delivered whole but that stops early was cut short
    /// on its way (a proxy, a server that lost its file), so it is retried like a dropped
    /// connection and reported as `HTTPError.incompleteBody` once retries are spent.
    ///
    /// A response with a transient status (429, 5xx) is returned once retries are spent, so the
    /// caller can say what the server said. Each request is logged at debug level with its
    /// status, size and time. `progress` hears the bytes of the body received so far and the
    /// length the server declared, on libcurl's thread; a retry starts it again from zero.
    /// Throws `HTTPError` or `CancellationError`.
    public func get(
        _ url: URL, headers: HTTPFields = [:], isComplete: ([UInt8]) -> Bool = { _ in true },
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)? = nil
    ) async throws -> TransportResponse {
        let start = ContinuousClock.now
        let deadline = configuration.deadline(startingAt: start)
        let request = activity.begin(host: Self.hostName(url), at: start)
        defer { activity.end(request, at: .now) }
        var attempt = 1
        while true {
            activity.attempt(attempt, of: request)
            if let whole = configuration.deadline, ContinuousClock.now >= whole {
                throw HTTPError.deadlinePassed(url: url.absoluteString)
            }
            let outcome: Result<TransportResponse, HTTPError>
            do {
                let budget = deadline.map { min(configuration.requestTimeout, $0 - .now) } ?? configuration.requestTimeout
                let response = try await getOnce(url, headers: headers, timeout: budget, progress: progress)
                log(url, response: response, since: start, attempt: attempt)
                outcome =
                    response.status != 200 || isComplete(response.body)
                    ? .success(response)
                    : .failure(.incompleteBody(url: url.absoluteString, receivedBytes: response.body.count))
            } catch let error as HTTPError
                where Self.waitedForConnection(error)
                && configuration.deadline.map({ ContinuousClock.now >= $0 - .milliseconds(5) }) ?? false
            {
                // Waiting for a connection until the caller's deadline says nothing of the host.
                throw HTTPError.deadlinePassed(url: url.absoluteString)
            } catch let error as HTTPError where error.isTransient {
                logger?.debug("GET \(url) failed: \(error)", metadata: ["attempt": "\(attempt)"])
                if let deadline, ContinuousClock.now >= deadline - .milliseconds(5) {
                    if case .timedOut = error {
                        throw HTTPError.timedOut(url: url.absoluteString, seconds: Self.tenths(.now - start), attempts: attempt)
                    }
                    if case .tooSlow(_, let received, _) = error {
                        throw HTTPError.tooSlow(url: url.absoluteString, receivedBytes: received, seconds: Self.tenths(.now - start))
                    }
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
                deadline.map({ ContinuousClock.now + delay < $0 }) ?? true
            else { return try outcome.get() }
            logger?.debug("retrying", metadata: ["url": "\(url)", "attempt": "\(attempt)", "delay": "\(delay)"])
            try await Task.sleep(for: delay)
            attempt += 1
        }
    }

    /// `GET URL → 200 · 1234 bytes · 12 ms`, at debug level.
    private func log(_ url: URL, response: TransportResponse, since start: ContinuousClock.Instant, attempt: Int) {
        let milliseconds = Int(((ContinuousClock.now - start).seconds * 1000).rounded())
        let retried = attempt > 1 ? " · attempt \(attempt)" : ""
        logger?.debug("GET \(url) → \(response.status) · \(response.body.count) bytes · \(milliseconds) ms\(retried)")
    }

    /// Seconds to a tenth, as a message says them.
    private static func tenths(_ duration: Duration) -> Double {
        (duration.seconds * 10).rounded() / 10
    }

    /// One attempt, no retries: the request and the redirects it meets, followed hop by hop
    /// (`maxRedirects` at most), each within `timeout`. Each hop is checked before a byte
    /// goes to it: http or https, and on the host it came from or in `redirectHosts`, else
    /// `HTTPError.redirectRefused`. The caller's headers go to another host without
    /// `Authorization` and `Cookie`, as curl sends them; a login only ever goes to its own host.
    package func getOnce(
        _ url: URL, headers: HTTPFields = [:], timeout: Duration? = nil,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)? = nil
    ) async throws -> TransportResponse {
        var (current, sent) = (url, headers)
        for hop in 0...max(0, configuration.maxRedirects) {
            // Each hop is a request of its own, with its own time; none starts past the
            // caller's whole deadline (`--timeout`).
            if hop > 0, let whole = configuration.deadline, ContinuousClock.now >= whole {
                throw HTTPError.deadlinePassed(url: url.absoluteString)
            }
            let response = try await fetch(
                current, headers: sent, timeout: timeout ?? configuration.requestTimeout, progress: progress)
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

    /// One transfer, no redirects followed, within the host's limit.
    private func fetch(
        _ url: URL, headers: HTTPFields, timeout: Duration, progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?
    ) async throws -> TransportResponse {
        let host = Self.hostName(url)
        let limiter = limiters.withLock { limiters in
            if let limiter = limiters[host] { return limiter }
            let limiter = Slots(limit: Workload.connectionsPerHost)
            limiters[host] = limiter
            return limiter
        }
        // First come, first served: priority is decided above, in the image pipeline's loads.
        return try await limiter.withSlot(priority: { 0 }) {
            let (response, spoken) = try await attempt(url, headers: headers, timeout: timeout, progress: progress)
            if spoken == ConnectionLog.http2, limiter.limit < Workload.streamsPerConnection {
                limiter.setLimit(Workload.streamsPerConnection)
            }
            return response
        }
    }

    /// One transfer: the response, and the protocol it came over.
    private func attempt(
        _ url: URL, headers: HTTPFields, timeout: Duration,
        progress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?
    ) async throws -> (TransportResponse, String?) {
        let limit = configuration.maxBodyBytes
        let engine: CurlEngine
        switch CurlEngine.shared {
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

    /// Whether `error` is a connection that did not open in the time the attempt had.
    private static func waitedForConnection(_ error: HTTPError) -> Bool {
        guard case .unreachable(_, let cause) = error else { return false }
        return cause == .connectTimedOut
    }

    /// `host:port` as the connection log names it.
    package static func hostName(_ url: URL) -> String {
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(url.host ?? "?"):\(port)"
    }

    /// Maps a transfer's failure to `HTTPError`, or to `CancellationError`.
    static func translate(_ failure: CurlTransfer.Failure, url: URL, timeout: Duration, limitBytes: Int) -> any Error {
        let address = url.absoluteString
        // As the user knows the server: with its port (127.0.0.1:8080).
        let host = Self.hostName(url)
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
