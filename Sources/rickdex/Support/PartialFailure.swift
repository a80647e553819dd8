/// Some items of a batch failed (each reported already); the rest were done. Exit code 4.
struct PartialFailure: Error, CustomStringConvertible {
    let failed: Int
    let total: Int

    var description: String {
        "\(failed) of \(total) failed"
    }
}
