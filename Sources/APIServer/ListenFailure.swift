/// The server could not listen on its address, in the system's words ("Address already in use").
package struct ListenFailure: Error, CustomStringConvertible {
    package let reason: String

    package var description: String { reason }
}
