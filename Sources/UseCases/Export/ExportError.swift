import SystemPackage
import LoupeToolbox

/// Why an export stopped: a file in the export folder could not be written (a full or
/// read-only disk), which no other character could get past either.
package struct ExportError: Error, Sendable, CustomStringConvertible {
    /// The file that could not be written.
    package var path: String
    package var underlying: Errno

    package init(path: String, underlying: Errno) {
        self.path = path
        self.underlying = underlying
    }

    package var description: String { "\(path): cannot write it (\(underlying))" }
}
