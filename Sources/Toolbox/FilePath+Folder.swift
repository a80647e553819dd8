import SystemPackage

extension FilePath {
    /// The folder holding the file at `path`, as text: `/a/b` for `/a/b/c`, `/` for `/c`, `.` for
    /// a bare name. Text in and out, without building a `FilePath`: the cache's writes ask it per
    /// entry.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
