import Foundation
import Testing

/// Small tmpfs mounts for disk-failure tests: a full disk, a read-only one. Mounting needs root:
/// elsewhere the tests that need it are skipped (`Tmpfs.available`), never passed unchecked.
enum Tmpfs {
    /// Whether this process may mount a tmpfs (tried once, on a probe folder).
    static let available: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("rickdex-tmpfs-probe-\(getpid())")
        defer { try? FileManager.default.removeItem(at: probe) }
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil,
            command("/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", probe.path]) == 0
        else { return false }
        unmount(probe)
        return true
    }()

    static let unavailable: Comment = "cannot mount a tmpfs here (it needs root): skipping the full and read-only disk checks"

    /// A tmpfs mounted with `options` at `folder/name`; throws when it cannot be mounted.
    static func mount(in folder: URL, name: String, options: String) throws -> URL {
        let mountPoint = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard command("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", mountPoint.path]) == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: mountPoint.path])
        }
        return mountPoint
    }

    static func unmount(_ mountPoint: URL) {
        _ = command("/bin/umount", [mountPoint.path])
    }

    private static func command(_ path: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        return (try? process.finishBlocking(path))?.status ?? -1
    }
}
