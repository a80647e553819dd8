/// The server could not listen on its address, in the system's words ("Address already in use").
public struct ListenFailure: Error, CustomStringConvertible {
    public let reason: String

    public var description: String { reason }
}
