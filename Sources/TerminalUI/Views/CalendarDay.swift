import FoundationEssentials

/// A date's day in UTC on the Gregorian calendar, found by arithmetic (Howard Hinnant's
/// `civil_from_days`), so that showing a date needs no locale or time-zone tables.
struct CalendarDay: Hashable {
    var year: Int
    /// 1...12.
    var month: Int
    /// 1...31.
    var day: Int

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The UTC day `date` falls on.
    init(_ date: Date) {
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// "Nov 4, 2017", as `Date.FormatStyle(date: .abbreviated)` writes it in `en_US_POSIX`.
    var abbreviated: String {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(names[month - 1]) \(day), \(year)"
    }
}
