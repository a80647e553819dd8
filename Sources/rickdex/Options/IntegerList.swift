import ArgumentParser
import Toolbox

/// A comma-separated list of integers on the command line (`--sizes 32,64,128`, `--ids 1,2,5`).
enum IntegerList {
    /// The values, each in `range`; `sorted` also drops repeats. Throws `ValidationError(message)`
    /// for an empty list, a non-number or a value out of range.
    static func parse(_ text: String, range: ClosedRange<Int>, sorted: Bool, message: String) throws -> [Int] {
        let parts = text.split(separator: ",").map { $0.trimmingWhitespace() }
        let values = parts.compactMap { Int($0) }
        guard !values.isEmpty, values.count == parts.count, values.allSatisfy(range.contains) else {
            throw ValidationError(message)
        }
        return sorted ? Array(Set(values)).sorted() : values
    }
}
