import Foundation
import TestSupport
import Testing

/// `rickdex` links FoundationEssentials, not all of Foundation: Foundation and the ICU tables it
/// brings cost every command about 1 ms of start-up and 50 MB of binary (Benchmarks/compare
/// --only startup). One `import Foundation` that uses `Process`, `NSString` or `String(format:)`
/// brings them back; this says which build did.
@Suite struct LinkageTests {
    @Test func rickdexDoesNotLinkFoundationOrICU() throws {
        let ldd = "/usr/bin/ldd"
        try #require(FileManager.default.isExecutableFile(atPath: ldd), "ldd (libc-bin) is needed to read the links")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ldd)
        process.arguments = [RickdexProcess.executable.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let run = try process.finishBlocking("ldd")
        let listing = String(decoding: run.stdout, as: UTF8.self)
        #expect(run.status == 0)
        let libraries = listing.split(separator: "\n").map {
            $0.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        }
        // A build with the Swift runtime linked statically lists none of the Swift libraries.
        #expect(libraries.contains("libc.so.6"), "\(listing)")
        let unwanted = libraries.filter {
            $0.hasPrefix("libFoundation.so") || $0.hasPrefix("libFoundationInternationalization")
                || $0.hasPrefix("lib_FoundationICU")
        }
        #expect(unwanted.isEmpty, "\(listing)")
    }
}
