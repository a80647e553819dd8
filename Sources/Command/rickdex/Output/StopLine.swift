import LoupeToolbox
import UseCases

/// The one line a batch says when it stops starting items: what happened, after how many of
/// those asked (the summary's count), and how to go on.
struct StopLine: CustomStringConvertible {
    let stop: BatchStop
    /// `--timeout`, for the deadline's length.
    let timeout: Double?
    /// The batch's items when it ended.
    let count: BatchCount
    /// What the items are: `avatar`, `character`.
    let noun: String

    var description: String {
        let after = "after \(count.done) of \(Plural.count(count.asked, noun))"
        let resume = " · run the same command again to resume"
        switch stop {
        case .hostGone(let host, let cause):
            return "\(host) stopped answering \(after) (\(cause))" + resume
        case .deadlinePassed:
            let length = timeout.map { "the \($0.decimalText(places: $0 == $0.rounded() ? 0 : 1)) s deadline (--timeout)" }
            return "\(length ?? "the deadline") passed \(after)" + resume
        }
    }
}
