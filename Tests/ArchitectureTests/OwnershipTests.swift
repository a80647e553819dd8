import Foundation
import Testing

/// One owner for each piece of state, held to the sources: the pipeline's flights and queues live on
/// `ImagePipelineActor` (no lock of their own), and BlockArt draws cells with no terminal I/O.
@Suite struct OwnershipTests {
    static let map = ArchitectureMapTests.map

    /// Code lines (comments left out) of the Swift files under `path` that match `pattern`.
    static func matches(_ pattern: String, in path: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return map.swiftFiles(in: path).flatMap { file, lines in
            lines.enumerated().compactMap { index, line -> String? in
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"),
                    regex.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
                else { return nil }
                return "\(file):\(index + 1): \(code)"
            }
        }
    }

    @Test func thePipelinesFlightCodeTakesNoLock() {
        let pipeline = "Sources/Generic/LoupePipeline"
        for folder in ["\(pipeline)/Pipeline", "\(pipeline)/Tasks"] {
            let locks = Self.matches(#"\b(Locked|Mutex|withLock|NSLock|pthread_mutex)\b"#, in: folder)
                .filter { !$0.hasPrefix("\(pipeline)/Tasks/ImageTask.swift") }  // its snapshot for synchronous readers, as Nuke's
            #expect(locks.isEmpty, "flight code takes a lock:\n\(locks.joined(separator: "\n"))")
        }
        #expect(!Self.matches(#"@ImagePipelineActor"#, in: "\(pipeline)/Tasks").isEmpty, "the check finds the actor")
    }

    @Test func blockArtDrawsAndDoesNoTerminalIO() {
        let blockArt = "Sources/Generic/BlockArt"
        let io = Self.matches(
            #"^import (TerminalKit|SystemPackage)|\b(tcsetattr|tcgetattr|ioctl|sigaction|signal\(|ChildProcess|Blocking|FileSystem|TerminalDevice|Tmux\.run)\b|rickdex|--graphics"#,
            in: blockArt)
        #expect(io.isEmpty, "BlockArt does terminal I/O or names the command:\n\(io.joined(separator: "\n"))")
        let c = Self.matches(#"^import Glibc"#, in: blockArt)
        #expect(c == ["\(blockArt)/Color/OKLab.swift:1: import Glibc"], "only OKLab's cbrtf and powf are C")
    }
}
