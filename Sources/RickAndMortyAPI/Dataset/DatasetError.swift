/// Why a dataset folder could not be read.
public enum DatasetError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .malformed(let path, let reason): "\(path) is not a dataset file: \(reason)"
        }
    }
}
