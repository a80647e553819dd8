import Foundation
import Testing

@testable import TerminalUI

/// `CalendarDay` is arithmetic; Foundation's calendar and formatter are the oracle.
@Suite struct CalendarDayTests {
    static func foundation(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_US_POSIX"))
        style.timeZone = TimeZone(identifier: "UTC") ?? .current
        return date.formatted(style)
    }

    @Test func everyDayFrom1900To2100ReadsAsFoundationWritesIt() {
        // Noon and the last second of each day, leap years and century rules included.
        var mismatches: [String] = []
        for day in stride(from: -25_567, through: 47_482, by: 1) {
            for offset in [43_200.0, 86_399.5] {
                let date = Date(timeIntervalSince1970: Double(day) * 86_400 + offset)
                let ours = CalendarDay(date).abbreviated
                if ours != Self.foundation(date) { mismatches.append("\(date): \(ours)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func theDatasetsFirstCharacterWasCreatedOnNovember4() {
        let created = Date(timeIntervalSince1970: 1_509_821_326.25)  // 2017-11-04T18:48:46.250Z
        #expect(CalendarDay(created) == CalendarDay(year: 2017, month: 11, day: 4))
        #expect(CalendarDay(created).abbreviated == "Nov 4, 2017")
    }
}
