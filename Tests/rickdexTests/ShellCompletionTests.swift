import Testing

@testable import rickdex

/// Completion offers only what the command then takes: a name the shell would misread, or one
/// that starts as typed only once folded, is offered folded, as `show` compares names.
@Suite struct ShellCompletionTests {
    static let names = ["Rick's Garage", "Rick Sanchez", "Martínez", "Morty’s Lawyer", "Mr. Poopybutthole"]

    @Test(arguments: [
        ("ricks", ["ricks garage"]), ("rick", ["ricks garage", "rick Sanchez"]), ("marti", ["martinez"]),
        ("mortys", ["mortys lawyer"]), ("mr p", ["mr poopybutthole"]), ("Rick S", ["Rick Sanchez"]), ("zz", []),
    ])
    func candidatesAreWhatShowTakes(typed: String, offered: [String]) {
        #expect(ShellCompletion.starting(with: typed, Self.names) == offered)
    }
}
