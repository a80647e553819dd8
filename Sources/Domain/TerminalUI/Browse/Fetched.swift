import UseCases

/// A part of a browse screen fetched on its own (a character's episodes, a cast, residents):
/// on its way, there, or failed with the error, which the screen shows with a retry.
enum Fetched<Value: Equatable & Sendable>: Equatable, Sendable {
    case loading
    case loaded(Value)
    case failed(CapturedError)

    var value: Value? {
        if case .loaded(let value) = self { value } else { nil }
    }

    var isFailed: Bool {
        if case .failed = self { true } else { false }
    }

    /// What `work` gives: its value, or its error kept.
    static func of(_ work: () async throws -> Value) async -> Fetched {
        do {
            return .loaded(try await work())
        } catch {
            return .failed(CapturedError(error))
        }
    }
}
