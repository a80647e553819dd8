import Foundation
import Testing
import Toolbox

@Suite struct SystemErrorTests {
    @Test func aFoundationFileErrorIsDescribedByItsErrno() {
        #expect(throws: (any Error).self) {
            do {
                _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/characters.json"))
            } catch {
                #expect(SystemError(cause: error) == SystemError(code: ENOENT))
                #expect(SystemError.describe(error) == "No such file or directory")
                throw error
            }
        }
    }

    @Test func anErrorWithoutAnErrnoDescribesItself() {
        struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
        #expect(SystemError(cause: Odd()) == nil)
        #expect(SystemError.describe(Odd()) == "odd")
        #expect(SystemError.describe(SystemError(code: ENOSPC)) == "No space left on device")
    }
}
