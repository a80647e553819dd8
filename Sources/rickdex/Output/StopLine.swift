import UseCases

/// The one line a batch says when it stops starting items: what happened, after how many.
struct StopLine: CustomStringConvertible {
    let stop: BatchStop
    /// `--timeout`, for the deadline's length.
    let timeout: Double?
    /// Avatars done when it stopped.
    let done: Int

    var description: String {
        let after = "after \(done) avatar\(done == 1 ? "" : "s")"
        switch stop {
        case .hostGone(let host, let cause):
            return "\(host) stopped answering \(after) (\(cause))"
        case .deadlinePassed:
            let length = timeout.map { "the \($0.decimalText(places: $0 == $0.rounded() ? 0 : 1)) s deadline (--timeout)" }
            return "\(length ?? "the deadline") passed \(after)"
        }
    }
}
