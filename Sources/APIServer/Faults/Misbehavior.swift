/// A hostile way of answering every request, for testing that clients give up in time.
package enum Misbehavior: String, Sendable, Hashable, CaseIterable {
    /// The real answer, one byte per second.
    case trickle
    /// `302 Found` back to the very URL asked for.
    case redirectLoop = "redirect-loop"
    /// A `Content-Length` of 1 GiB, then zeros.
    case oversize
    /// Zeros in chunks, with no length and no end.
    case endless
    /// The connection is accepted and the request read, and nothing is ever answered.
    case silent
}
