import ArgumentParser
import LoupeToolbox

/// A comma-separated list of integers on the command line (`--sizes 32,64,128`, `--ids 1-20,42`).
enum IntegerList {
    /// The most values one range may give: far past any list the API holds, short of a typo's
    /// `1-1000000000` filling memory.
    static let longestRange = 100_000

    /// The values, each in `range`; with `ranges`, a part may be `low-high` (both in `range`,
    /// `low` ≤ `high`), as gallery-dl's `--range` reads them. `sorted` sorts them; either way a
    /// repeat is dropped, the first place kept. Throws `ValidationError(message)` for an empty
    /// list, a non-number, a value out of range or a range backwards or too long.
    static func parse(
        _ text: String, range: ClosedRange<Int>, sorted: Bool, ranges: Bool = false, message: String
    ) throws -> [Int] {
        var values: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingWhitespace() }) {
            if let value = Int(part), range.contains(value) {
                values.append(value)
                continue
            }
            let ends = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard ranges, ends.count == 2, let low = Int(ends[0].trimmingWhitespace()),
                let high = Int(ends[1].trimmingWhitespace()), range.contains(low), range.contains(high), low <= high,
                high - low < longestRange
            else { throw ValidationError(message) }
            values += low...high
        }
        guard !values.isEmpty else { throw ValidationError(message) }
        var seen = Set<Int>()
        let once = values.filter { seen.insert($0).inserted }
        return sorted ? once.sorted() : once
    }
}
