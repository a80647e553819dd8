import Foundation
import Testing
import LoupeToolbox

@Suite struct StringWhitespaceTests {
    @Test(arguments: ["  Rick  ", "\tMorty\n", "Summer", "", "   ", "\r\n Birdperson \u{00A0}", " two words ", "\n\n"])
    func trimsWhatFoundationTrims(_ text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
        #expect(text[...].trimmingWhitespace() == text.trimmingWhitespace())
    }
}
