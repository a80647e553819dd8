/// An error kept as a value inside a state that compares (`SearchState`, browse's screens): the
/// error itself, with its cause, for whoever shows it to say why. Two are equal when they
/// describe the same failure.
package struct CapturedError: Error, Sendable, Hashable, CustomStringConvertible {
    package let error: any Error

    package init(_ error: any Error) {
        self.error = error
    }

    package var description: String { "\(error)" }

    package static func == (lhs: CapturedError, rhs: CapturedError) -> Bool {
        lhs.description == rhs.description
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
