import FoundationEssentials

/// The API's timestamp form, `2017-11-04T18:48:46.250Z`, read by hand (`ISO8601FormatStyle` was
/// most of a page's decoding time); `nil` for anything else, left to `ISO8601FormatStyle`.
enum ISO8601Timestamp {
    /// The date of `text` when it is `YYYY-MM-DDTHH:MM:SS[.fraction]Z` and a real UTC time.
    static func utc(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count >= 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
                bytes[16] == 0x3A, bytes[bytes.count - 1] == 0x5A
            else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    let digit = Int(bytes[index]) - 0x30
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
                let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
                (1...12).contains(month), (1...daysIn(month, of: year)).contains(day), hour < 24, minute < 60,
                second < 60
            else { return nil }
            var fraction = 0.0
            let end = bytes.count - 1
            if end > 19 {
                guard bytes[19] == 0x2E, end > 20, let digits = number(20..<end), end - 20 <= 9 else { return nil }
                fraction = Double(digits) / (20..<end).reduce(1.0) { scale, _ in scale * 10 }
            } else if end != 19 {
                return nil
            }
            let days = daysSinceEpoch(year: year, month: month, day: day)
            let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
            return Date(timeIntervalSince1970: seconds)
        }
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 (Howard Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
