import Foundation
import Testing
import LoupeToolbox

/// `decimalText(places:)` prints what `String(format:)` printed before Foundation left the
/// command; Foundation is the oracle here.
@Suite struct DoubleDecimalTextTests {
    @Test(arguments: [0.0, 0.04, 0.05, 0.25, 1.0, 2.5, 9.94, 9.96, 13.0, 99.5, 123.456, 1023.9, 3.75, -0.25, -1.26, 1e6 + 0.5])
    func agreesWithPrintf(_ value: Double) {
        for places in 0...3 {
            #expect(value.decimalText(places: places) == String(format: "%.\(places)f", value), "\(value) \(places)")
        }
    }

    @Test func longAndSpecialValuesAsPrintfWritesThem() {
        #expect(Double.infinity.decimalText(places: 1) == "inf")
        #expect(Double.nan.decimalText(places: 1) == "nan")
        // Longer than the first buffer tried.
        #expect(1e300.decimalText(places: 2) == String(format: "%.2f", 1e300))
        #expect(1e300.decimalText(places: 2).count == 304)
    }
}
