import Foundation
import Testing
import Toolbox

@Suite struct SystemErrorTests {
    @Test func aFoundationFileErrorIsDescribedByItsErrno() {
        let error = #expect(throws: (any Error).self) {
            try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/characters.json"))
        }
        #expect(error.flatMap(SystemError.init(cause:)) == SystemError(code: ENOENT))
        #expect(error.map(SystemError.describe) == "No such file or directory")
    }

    @Test func anErrorWithoutAnErrnoDescribesItself() {
        struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
        #expect(SystemError(cause: Odd()) == nil)
        #expect(SystemError.describe(Odd()) == "odd")
        #expect(SystemError.describe(SystemError(code: ENOSPC)) == "No space left on device")
    }
}
