import Glibc

/// Questions about processes that Foundation answers only with a `ProcessInfo`, or not at all.
package enum Processes {
    /// This process's user id.
    package static var userID: UInt32 { UInt32(getuid()) }

    /// Whether a process with this id exists (whoever owns it).
    package static func exists(_ id: Int32) -> Bool {
        kill(id, 0) == 0 || errno == EPERM
    }
}
