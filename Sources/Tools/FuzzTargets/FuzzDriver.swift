import Foundation

/// A fuzz target's entry: one input's bytes in, 0 out (libFuzzer's `LLVMFuzzerTestOneInput`).
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs a fuzz target. Built with `-DFUZZING` and libFuzzer (see `scripts/fuzz`), it hands
/// control to libFuzzer with the command line; otherwise it replays the files and folders named
/// on the command line, as `fuzz-images Tests/FuzzCorpus/images` does to reproduce a crash.
public enum FuzzDriver {
    public static func main(_ target: FuzzCallback) -> Never {
        #if FUZZING
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, target))
        #else
            let paths = CommandLine.arguments.dropFirst()
            guard !paths.isEmpty else {
                FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) FILE-OR-FOLDER...\n".utf8))
                exit(1)
            }
            var count = 0
            for file in paths.flatMap(Self.files(at:)) {
                let bytes = Array((try? Data(contentsOf: file)) ?? Data())
                _ = bytes.withUnsafeBufferPointer { target($0.baseAddress, $0.count) }
                count += 1
            }
            print("replayed \(count) inputs without a crash")
            exit(0)
        #endif
    }

    /// The files at `path`: the file itself, or those in the folder, sorted by name.
    public static func files(at path: String) -> [URL] {
        let url = URL(fileURLWithPath: path)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [url] }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
    }

    /// The bytes libFuzzer passes, as an array (a null pointer for an empty input).
    public static func bytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
        guard let start, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: start, count: count))
    }
}

#if FUZZING
    /// libFuzzer's entry for programs that have their own `main` (SwiftPM renames an executable's
    /// `main`, so libFuzzer's own `main` cannot be linked).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: FuzzCallback
    ) -> CInt
#endif

/// Stops the fuzz run with `message` when a promise is broken; libFuzzer keeps the input.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard condition else { fatalError("fuzz check failed: \(message())") }
}
