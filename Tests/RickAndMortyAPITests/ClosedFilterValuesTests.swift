import RickAndMortyAPI
import Testing

/// Status and gender are closed sets: which values select which, as the API's filter rule does.
@Suite struct ClosedFilterValuesTests {
    @Test(arguments: [
        ("alive", [CharacterStatus.alive]), ("ALI", [.alive]), ("d", [.dead]), (" dead ", [.dead]),
        ("n", [.unknown]), ("e", [.alive, .dead]), ("deadd", []), ("zombie", []),
    ])
    func statuses(_ value: String, _ expected: [CharacterStatus]) {
        #expect(CharacterStatus.selected(byFilter: value) == expected)
    }

    @Test(arguments: [
        ("male", [CharacterGender.male]), ("Male", [.male]), ("fem", [.female]), ("less", [.genderless]),
        ("ale", [.female, .male]), ("malee", []), ("robot", []),
    ])
    func genders(_ value: String, _ expected: [CharacterGender]) {
        #expect(CharacterGender.selected(byFilter: value) == expected)
    }
}
