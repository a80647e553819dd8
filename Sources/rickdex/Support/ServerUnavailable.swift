/// The dataset's server could not be run or did not start: what failed, and the exit code that
/// fits (the `rickdex serve` child's own when it started and gave up).
struct ServerUnavailable: Error, CustomStringConvertible {
    let description: String
    let exitCode: Int32
}
