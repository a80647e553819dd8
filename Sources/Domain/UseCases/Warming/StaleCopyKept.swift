/// The server could not confirm a cached avatar (`warm --refresh`), so the stale copy was kept:
/// a failure of the warm, since what the cache holds may be out of date.
package struct StaleCopyKept: Error, Sendable, CustomStringConvertible {
    package init() {}

    package var description: String { "could not revalidate; the stale copy was kept" }
}
