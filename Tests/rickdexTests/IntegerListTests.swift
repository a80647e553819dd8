import ArgumentParser
import Testing

@testable import rickdex

/// Comma-separated integers, and ranges of them where a command takes ids.
@Suite struct IntegerListTests {
    static let message = "bad list"

    func ids(_ text: String) throws -> [Int] {
        try IntegerList.parse(text, range: 1...Int.max, sorted: false, ranges: true, message: Self.message)
    }

    @Test func rangesAndSingleIdsReadInTheirOrderEachOnce() throws {
        #expect(try ids("1-3,42") == [1, 2, 3, 42])
        #expect(try ids(" 7 , 2-4 ,3") == [7, 2, 3, 4])
        #expect(try ids("5-5") == [5])
    }

    @Test(arguments: ["", "1,,2", "5-2", "0-3", "1-", "-3", "a-b", "1-2-3", "1-100001", "x"])
    func aListThatIsNotOneIsRefused(_ text: String) {
        #expect(throws: ValidationError.self) { try ids(text) }
    }

    @Test func sizesTakeNoRangesAndComeSorted() throws {
        #expect(try IntegerList.parse("256,64,64", range: 8...2048, sorted: true, message: Self.message) == [64, 256])
        #expect(throws: ValidationError.self) {
            try IntegerList.parse("64-128", range: 8...2048, sorted: true, message: Self.message)
        }
    }
}
