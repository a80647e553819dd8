import FoundationEssentials

import Glibc

/// The IMF-fixdate form of HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`), always in English and GMT.
public enum HTTPDate {
    /// `date` as an IMF-fixdate.
    public static func format(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The date of an IMF-fixdate; `nil` for any other form.
    public static func parse(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        let clock = fields.count == 6 ? fields[4].split(separator: ":").compactMap { Int32($0) } : []
        guard fields.count == 6, fields[5] == "GMT", clock.count == 3,
            let day = Int32(fields[1]), let year = Int32(fields[3]),
            let month = months.firstIndex(of: String(fields[2]))
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = Int32(month)
        parts.tm_mday = day
        parts.tm_hour = clock[0]
        parts.tm_min = clock[1]
        parts.tm_sec = clock[2]
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
