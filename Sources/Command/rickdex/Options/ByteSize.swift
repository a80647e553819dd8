import ArgumentParser
import FoundationEssentials
import LoupeToolbox

/// A size on the command line: `512MB`, `2G`, `1.5GiB`, `300000` (bytes). Units are powers of
/// 1024, as `du -h` prints them.
struct ByteSize: ExpressibleByArgument, Sendable, Hashable, CustomStringConvertible {
    var bytes: Int64

    init(bytes: Int64) {
        self.bytes = bytes
    }

    init?(argument: String) {
        let text = argument.trimmingWhitespace().uppercased()
        let digits = text.prefix { $0.isNumber || $0 == "." }
        var unit = text.dropFirst(digits.count).trimmingWhitespace()
        for suffix in ["IB", "B"] where unit.hasSuffix(suffix) && unit != "B" {
            unit = String(unit.dropLast(suffix.count))
            break
        }
        let scales: [String: Double] = ["": 1, "B": 1, "K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024]
        guard let number = Double(digits), let scale = scales[unit], number > 0 else { return nil }
        bytes = Int64(number * scale)
    }

    var description: String { Self.format(bytes) }

    /// `12.3 MB`, `512 B`.
    static func format(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : "\(value.decimalText(places: value < 10 ? 1 : 0)) \(units[unit])"
    }
}
