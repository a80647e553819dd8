/// Some items of a batch failed (each reported already); the rest were done. Exit code 4, or
/// `whenAllFailed` when nothing was done (local files that all failed are bad input, 1, as one
/// file alone would be).
struct PartialFailure: Error, CustomStringConvertible {
    let failed: Int
    let total: Int
    var whenAllFailed = ErrorReport.partial

    var description: String {
        failed == total && total > 1 ? "all \(total) failed" : "\(failed) of \(total) failed"
    }

    var exitCode: Int32 { failed == total ? whenAllFailed : ErrorReport.partial }
}
