import Glibc

/// C functions found at run time that glibc has but its Swift module does not declare
/// (`renameat2`, `posix_spawn_file_actions_addclosefrom_np`): the one place a `dlsym` is cast.
package enum CFunction {
    /// `name` as `type` (a `@convention(c)` type), from `library` (kept open) or what the process
    /// has loaded; `nil` when either is not there.
    package static func load<Function>(_ name: String, from library: String? = nil, as type: Function.Type) -> Function? {
        var handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        if let library {
            guard let opened = dlopen(library, RTLD_NOW | RTLD_LOCAL) else { return nil }
            handle = opened
        }
        guard let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
