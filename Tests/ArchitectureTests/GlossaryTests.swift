import Foundation
import Testing

/// `docs/architecture.md`'s glossary held to the sources: it cannot name a type that is gone,
/// and it gives each concept one word.
@Suite struct GlossaryTests {
    static let map = ArchitectureMapTests.map

    /// Every type named in backticks in the glossary is declared (`struct`, `enum`, `class`,
    /// `protocol`, `actor` or `typealias`) somewhere under `Sources/`. `APIRoot` (RickAndMortyAPI)
    /// and `APISetting` (the executable) are named before the change that adds them lands, and
    /// are held like the rest: this fails on them until they are declared.
    @Test func everyTypeTheGlossaryNamesIsDeclared() throws {
        let rows = try Self.map.glossary()
        #expect(!rows.isEmpty, "docs/architecture.md: no '| term | types |' table under '## Glossary'")
        #expect(rows.count <= 12, "docs/architecture.md: the glossary has \(rows.count) terms; a dozen at most")
        let declared = Self.map.declaredTypes()
        #expect(declared.isSuperset(of: ["ImageRequest", "DiskCache", "Locked"]), "the scan finds declarations: \(declared.count)")
        for row in rows {
            let named = row.cells.flatMap { ModuleMap.backticked($0) }.flatMap { ModuleMap.typeNames(in: $0) }
            for name in Set(named).sorted() where !declared.contains(name) {
                Issue.record("docs/architecture.md, glossary, \(row.key): \(name) is declared nowhere under Sources/")
            }
        }
    }

    /// One word a concept: each term once, each with a type, and no type under two terms.
    @Test func oneWordForEachConcept() throws {
        var terms: Set<String> = []
        var termOfType: [String: String] = [:]
        for row in try Self.map.glossary() {
            if !terms.insert(row.key).inserted {
                Issue.record("docs/architecture.md, glossary: \(row.key) is defined twice")
            }
            let types = row.cells.count > 1 ? ModuleMap.backticked(row.cells[1]) : []
            if types.isEmpty {
                Issue.record("docs/architecture.md, glossary, \(row.key): names no type in its second column")
            }
            for type in types {
                if let other = termOfType.updateValue(row.key, forKey: type), other != row.key {
                    Issue.record("docs/architecture.md, glossary: \(type) is under both \(other) and \(row.key)")
                }
            }
        }
    }

    /// The parsing itself: type names out of backticked names.
    @Test func typeNamesAreReadOutOfBacktickedNames() {
        #expect(ModuleMap.typeNames(in: "ImageProcessors.Circle") == ["ImageProcessors", "Circle"])
        #expect(ModuleMap.typeNames(in: "EntryKind.processed") == ["EntryKind"])
        #expect(ModuleMap.typeNames(in: "Page<Item>") == ["Page"])
        #expect(ModuleMap.typeNames(in: "ImagePipeline.image(for:)") == ["ImagePipeline"])
        for notAType in [".fixtures", ".url(APIRoot)", "--api", "Fixtures/", "rickdex serve", "CURLE_*"] {
            #expect(ModuleMap.typeNames(in: notAType).isEmpty, "\(notAType)")
        }
        #expect(ModuleMap.backticked("`APIRoot`, `APISetting`: `.fixtures`") == ["APIRoot", "APISetting", ".fixtures"])
    }
}
