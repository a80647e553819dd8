import Glibc

/// C functions found at run time: those glibc has but its Swift module does not declare
/// (`renameat2`, `posix_spawn_file_actions_addclosefrom_np`). The one place that turns a `dlsym`
/// address into a Swift function.
package enum CFunction {
    /// The function `name` as `type` (a `@convention(c)` function type), from `library` (opened
    /// and kept open) or, without one, from what the process has loaded; `nil` when the library
    /// or the function is not there.
    package static func load<Function>(_ name: String, from library: String? = nil, as type: Function.Type) -> Function? {
        let handle: UnsafeMutableRawPointer?
        if let library {
            guard let opened = dlopen(library, RTLD_NOW | RTLD_LOCAL) else { return nil }
            handle = opened
        } else {
            handle = nil  // RTLD_DEFAULT
        }
        guard let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
