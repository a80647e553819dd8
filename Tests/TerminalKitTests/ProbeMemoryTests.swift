import Foundation
import TestSupport
import Testing

import BlockArt
@testable import TerminalKit

/// What the probe remembers for a terminal session, and what it tells answers from typed keys by.
@Suite struct ProbeMemoryTests {
    static func folder() throws -> String {
        try TestData.temporaryFolder().path
    }

    @Test func answersAndSilenceAreRecalledForTheirSessionOnly() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let memory = ProbeMemory(folder: root + "/rickdex/terminals")
        // Named after this process, which is alive, so that pruning keeps it.
        let mine = "34816-\(getpid())-1234"
        #expect(memory.recall(mine) == nil)
        memory.remember(Array(TerminalProbeTests.kitty), for: mine)
        let recalled = try #require(memory.recall(mine))
        #expect(recalled.remembered)
        #expect(recalled.answers == ProbeAnswers.parse(TerminalProbeTests.kitty))
        #expect(recalled.answers?.kittyGraphics == true)
        #expect(memory.recall("34816-\(getpid())-999") == nil, "another session")
        let silent = "34817-\(getpid())-1"
        memory.remember(nil, for: silent)
        #expect(memory.recall(silent) == ProbeResult(answers: nil, remembered: true))
        let slow = "34818-\(getpid())-1"
        memory.remember(Array(TerminalProbeTests.kitty), for: slow, roundTrip: .milliseconds(1298))
        #expect(memory.recall(slow)?.roundTrip == .milliseconds(1298), "the round trip the answers took")
        #expect(memory.recall(mine)?.roundTrip == nil, "none measured, none kept")
        let attributes = try FileManager.default.attributesOfItem(atPath: memory.folder)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0, "closed to others")
    }

    @Test func sessionsWhoseLeaderIsGoneArePrunedAndAStrangersFolderIsNotUsed() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let memory = ProbeMemory(folder: root + "/rickdex/terminals")
        let gone = "34816-\(Int32.max - 7)-1"
        memory.remember(nil, for: gone)
        memory.remember(nil, for: "34816-\(getpid())-1")
        #expect(try FileManager.default.contentsOfDirectory(atPath: memory.folder) == ["34816-\(getpid())-1"])

        // A folder others may write to: nothing is remembered or recalled from it.
        let open = root + "/open"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: open)
        let shared = ProbeMemory(folder: open + "/terminals")
        shared.remember(nil, for: "1-\(getpid())-1")
        #expect(shared.recall("1-\(getpid())-1") == nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: open)
        try FileManager.default.createDirectory(atPath: shared.folder, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shared.folder)
        shared.remember(nil, for: "1-\(getpid())-1")
        #expect(shared.recall("1-\(getpid())-1") == nil)
        // A damaged file is asked again, not trusted.
        let damaged = "2-\(getpid())-1"
        memory.remember(nil, for: damaged)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: memory.folder + "/" + damaged))
        #expect(memory.recall(damaged) == nil)
    }

    @Test func theScannerTellsAnswersFromKeysTypedAhead() {
        var scanner = TerminalInputScanner()
        let bytes = Array(("ls" + "\u{1B}[A" + String(decoding: TerminalProbeTests.kitty, as: UTF8.self) + "\r").utf8)
        let tokens = scanner.scan(bytes)
        #expect(tokens.filter(\.isAnswer).count == 5)
        #expect(tokens.filter { !$0.isAnswer }.flatMap(\.bytes) == Array("ls\u{1B}[A\r".utf8))
        #expect(!scanner.isWaiting)
    }
}
