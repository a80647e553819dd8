/// An error kept as a value inside a state that compares (`SearchState`, browse's screens): the
/// error itself, with its cause, for whoever shows it to say why. Two are equal when they
/// describe the same failure.
public struct CapturedError: Error, Sendable, Hashable, CustomStringConvertible {
    public let error: any Error

    public init(_ error: any Error) {
        self.error = error
    }

    public var description: String { "\(error)" }

    public static func == (lhs: CapturedError, rhs: CapturedError) -> Bool {
        lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
