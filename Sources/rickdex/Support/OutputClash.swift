/// Two inputs that would write one output file: refused before anything is written, naming both,
/// so that neither output silently replaces the other.
struct OutputClash: Error, CustomStringConvertible {
    let file: String
    let first: String
    let second: String

    var description: String { "\(first) and \(second) would both be written as \(file)" }

    /// The first output name given twice, with the inputs behind it; `nil` when every name is its own.
    static func first(in outputs: [String], from inputs: [String]) -> OutputClash? {
        var seen: [String: Int] = [:]
        for (index, output) in outputs.enumerated() {
            if let earlier = seen[output] { return OutputClash(file: output, first: inputs[earlier], second: inputs[index]) }
            seen[output] = index
        }
        return nil
    }
}
