import Foundation
import SystemPackage
import Testing
import LoupeToolbox

@Suite struct ErrnoCauseTests {
    @Test func aFoundationFileErrorIsDescribedByItsErrno() {
        let error = #expect(throws: (any Error).self) {
            try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/characters.json"))
        }
        #expect(error.flatMap(Errno.init(cause:)) == Errno(rawValue: ENOENT))
        #expect(error.map(Errno.describe) == "No such file or directory")
    }

    @Test func anErrorWithoutAnErrnoDescribesItself() {
        struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
        #expect(Errno(cause: Odd()) == nil)
        #expect(Errno.describe(Odd()) == "odd")
        #expect(Errno.describe(Errno(rawValue: ENOSPC)) == "No space left on device")
    }
}
