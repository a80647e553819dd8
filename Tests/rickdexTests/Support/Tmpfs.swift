import Foundation

/// Small tmpfs mounts for disk-failure tests: a full disk, a read-only one. Mounting needs root;
/// elsewhere `mount` says so and returns `nil`, and the test passes having checked nothing.
enum Tmpfs {
    /// A tmpfs mounted with `options` at `folder/name`, or `nil` where mounting is not allowed.
    static func mount(in folder: URL, name: String, options: String) throws -> URL? {
        let mountPoint = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard command("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", mountPoint.path]) == 0 else {
            print("skipping: cannot mount a tmpfs (\(options)) here; it needs root")
            return nil
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
        process.waitUntilExit()
        return process.terminationStatus
    }
}
