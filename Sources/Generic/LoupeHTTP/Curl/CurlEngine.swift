import CLoupeCurl
import FoundationEssentials
import LoupeToolbox

/// libcurl's multi interface on a thread of its own: every transfer of the process shares its
/// connections (kept alive and reused per host) and one `poll` loop, as the `curl` tool's
/// `--parallel` does.
///
/// Tasks hand transfers over through a locked queue and `curl_multi_wakeup`; the loop adds them,
/// drives them all, and resumes each task's continuation once when its transfer ends, which is
/// the only hop between threads a request costs. Every other libcurl call happens on the loop's
/// thread, as libcurl requires of a multi handle. Thread-safe.
final class CurlEngine: Sendable {
    /// The process's engine, started on first use (which loads libcurl: `library`, else the
    /// system's; the first use's choice holds for the process) and never stopped (a command-line
    /// process ends with its work); a failure when libcurl cannot be loaded.
    static func shared(library: String?) -> Result<CurlEngine, CurlTransfer.Failure> {
        started.withLock { started in
            if let started { return started }
            var message = [CChar](repeating: 0, count: Int(LOUPE_CURL_MESSAGE_LENGTH))
            let result: Result<CurlEngine, CurlTransfer.Failure> =
                rdx_curl_load(library, &message) == 0
                ? .success(CurlEngine())
                : .failure(.unavailable(String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)))
            started = result
            return result
        }
    }

    private static let started = Locked<Result<CurlEngine, CurlTransfer.Failure>?>(nil)

    /// Transfers handed to the loop. The cancelled are held, not named by address: one that has
    /// ended cannot lend its address to a new one while a cancellation for it waits here.
    private struct Inbox {
        var added: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
    }

    /// Used by the loop's thread, and by `curl_multi_wakeup`, which libcurl allows from any thread.
    private let multi: Pointer
    private let inbox = Locked(Inbox())

    /// An opaque libcurl handle that may be passed to the loop's thread.
    private struct Pointer: @unchecked Sendable {
        let value: UnsafeMutableRawPointer
    }

    private init() {
        // Fails only when memory is exhausted.
        // swift-format-ignore: NeverForceUnwrap
        multi = Pointer(value: rdx_curl_multi_init()!)
        // At most this many connections to one host, as browsers keep 6-8 over HTTP/1.1; more
        // transfers wait in libcurl's queue. Over HTTP/2 they share one connection instead, up
        // to the server's SETTINGS_MAX_CONCURRENT_STREAMS and our own cap. Idle connections are
        // kept for reuse.
        rdx_curl_multi_set_long(multi.value, CURLMOPT_MAX_HOST_CONNECTIONS, Workload.connectionsPerHost)
        rdx_curl_multi_set_long(multi.value, CURLMOPT_MAXCONNECTS, 4 * Workload.connectionsPerHost)
        rdx_curl_multi_set_long(multi.value, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        rdx_curl_multi_set_long(multi.value, CURLMOPT_MAX_CONCURRENT_STREAMS, Workload.streamsPerConnection)
        BackgroundThread.start(name: "http.curl") { [multi, inbox] in Self.run(multi.value, inbox) }
    }

    /// Runs `transfer` to its end. Throws `CurlTransfer.Failure`.
    func perform(_ transfer: CurlTransfer) async throws -> CurlTransfer.Response {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.continuation = continuation
                // Under the inbox's lock, as the handler below marks it: a cancellation lands
                // either before (the transfer never starts) or after (the loop stops it).
                let handedOver = inbox.withLock { inbox -> Bool? in
                    guard !transfer.cancelRequested else { return nil }
                    defer { inbox.added.append(transfer) }
                    return inbox.added.isEmpty && inbox.cancelled.isEmpty
                }
                switch handedOver {
                case nil:
                    transfer.continuation = nil
                    continuation.resume(throwing: CurlTransfer.Failure.cancelled)
                // One wake-up per batch: the loop takes the whole inbox when it wakes.
                case true?: rdx_curl_multi_wakeup(multi.value)
                case false?: break
                }
            }
        } onCancel: {
            inbox.withLock { inbox in
                transfer.cancelRequested = true
                inbox.cancelled.append(transfer)
            }
            rdx_curl_multi_wakeup(multi.value)
        }
    }

    /// The loop: take new and cancelled transfers, drive the sockets, finish what ended, wait.
    private static func run(_ multi: UnsafeMutableRawPointer, _ inbox: Locked<Inbox>) {
        var active: [ObjectIdentifier: CurlTransfer] = [:]
        var running: Int32 = 0
        while true {
            let (added, cancelled) = inbox.withLock { inbox in
                defer { inbox = Inbox() }
                return (inbox.added, inbox.cancelled)
            }
            for transfer in added {
                active[ObjectIdentifier(transfer)] = transfer
                rdx_curl_multi_add_handle(multi, transfer.handle)
            }
            for cancelled in cancelled {
                // Not active: it ended already, or was never handed over (`perform` saw the mark).
                guard let transfer = active.removeValue(forKey: ObjectIdentifier(cancelled)) else { continue }
                rdx_curl_multi_remove_handle(multi, transfer.handle)
                finish(transfer, .failure(.cancelled))
            }
            rdx_curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = rdx_curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                    let transfer = CurlTransfer.owner(of: handle)
                else { continue }
                let code = message.pointee.data.result
                rdx_curl_multi_remove_handle(multi, handle)
                active[ObjectIdentifier(transfer)] = nil
                finish(transfer, transfer.outcome(code))
            }
            rdx_curl_multi_poll(multi, 1000)
        }
    }

    private static func finish(_ transfer: CurlTransfer, _ outcome: Result<CurlTransfer.Response, CurlTransfer.Failure>) {
        let continuation = transfer.continuation
        transfer.continuation = nil
        continuation?.resume(with: outcome.mapError { $0 as any Error })
    }
}
