import FoundationEssentials
import LoupeToolbox

/// What the probe heard in each terminal session, a file a session (a header line, then the answers
/// byte for byte), so that only its first command asks. The folder must be this user's alone (as
/// tmux checks its socket folder), or nothing is remembered.
public struct ProbeMemory: Sendable {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// Under `XDG_RUNTIME_DIR`, else the temporary folder.
    public static func standard(environment: [String: String], application: String) -> ProbeMemory {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return ProbeMemory(folder: runtime + "/\(application)/terminals")
        }
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        return ProbeMemory(folder: "\(temporary)/\(application)-\(Processes.userID)/terminals")
    }

    private static let header = "terminal-probe 1 "

    package func recall(_ session: String) -> ProbeResult? {
        guard FileSystem.isPrivateFolder(folder), let data = FileSystem.read(path(session)) else {
            return nil
        }
        let bytes = [UInt8](data)
        guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
        let header = String(decoding: bytes[..<newline], as: UTF8.self)
        guard header.hasPrefix(Self.header) else { return nil }
        let words = header.dropFirst(Self.header.count).split(separator: " ")
        let roundTrip = words.count == 2 ? Int64(words[1].dropLast(2)).map(Duration.milliseconds) : nil
        switch words.first {
        case "answered":
            return ProbeResult(
                answers: ProbeAnswers.parse(Array(bytes[(newline + 1)...])), remembered: true, roundTrip: roundTrip)
        case "silent":
            return ProbeResult(answers: nil, remembered: true)
        default:
            return nil
        }
    }

    /// `answers` `nil`: it said nothing. Files of sessions whose leader is gone are removed on the
    /// way; failures are ignored: the next command asks.
    package func remember(_ answers: [UInt8]?, for session: String, roundTrip: Duration? = nil) {
        guard makePrivateFolder() else { return }
        for name in FileSystem.list(folder) where !Self.isAlive(name) { FileSystem.remove("\(folder)/\(name)") }
        let measured = roundTrip.map { " \($0.milliseconds)ms" } ?? ""
        let content =
            Array((Self.header + (answers == nil ? "silent" : "answered" + measured) + "\n").utf8) + (answers ?? [])
        try? AtomicFile.write(content, to: path(session))
    }

    private func path(_ session: String) -> String { "\(folder)/\(session)" }

    private static func isAlive(_ name: String) -> Bool {
        let parts = name.split(separator: "-")
        guard parts.count == 3, let leader = Int32(parts[1]) else { return name.hasPrefix(".") }
        return Processes.exists(leader)
    }

    /// Makes the folder (and its parent) for this user alone, unless it exists; `true` when it is private.
    private func makePrivateFolder() -> Bool {
        let parent = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? folder
        for path in [parent, folder] {
            try? FileSystem.makeFolder(path, permissions: .ownerReadWriteExecute)
            guard FileSystem.isPrivateFolder(path) else { return false }
        }
        return true
    }
}
