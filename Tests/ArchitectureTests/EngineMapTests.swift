import Foundation
import Testing

/// `docs/architecture.md`'s tables under "Who calls C, writes files, fans out" held to the
/// sources both ways: a module (for the executable, a file) that does it and is not listed, and
/// a listed one that no longer does, each fail by name, so the lists stay true.
@Suite struct EngineMapTests {
    static let map = ArchitectureMapTests.map

    /// Only the modules the map names import C, and each imports the C modules its row names.
    @Test func onlyTheModulesTheMapNamesImportC() throws {
        let header = "| module | imports C |"
        let rows = try Self.map.table(startingWith: header)
        #expect(!rows.isEmpty, "docs/architecture.md: no table under '\(header)'")
        var listed: [String: Set<String>] = [:]
        for row in rows {
            listed[row.key, default: []].formUnion(row.cells.count > 1 ? ModuleMap.backticked(row.cells[1]) : [])
        }
        let cModules = try Self.map.cModules()
        #expect(cModules.isSuperset(of: ["Glibc", "CLoupeCurl", "CLoupeZlibSystem", "CMalloc"]), "\(cModules.sorted())")
        var found: [String: [ModuleMap.Import]] = [:]
        for (target, (_, path)) in try Self.map.declared() where path.hasPrefix("Sources/") {
            let imports = Self.map.cImports(in: path, cModules: cModules)
            if !imports.isEmpty { found[target] = imports }
        }
        for (module, imports) in found.sorted(by: { $0.key < $1.key }) {
            let expected = listed[module] ?? []
            let imported = Set(imports.map(\.module))
            for name in imported.subtracting(expected).sorted() {
                guard let place = imports.first(where: { $0.module == name }) else { continue }
                Issue.record(
                    "\(place.file):\(place.line): \(module) imports \(name), which docs/architecture.md's table '\(header)' does not list for it"
                )
            }
            for name in expected.subtracting(imported).sorted() {
                Issue.record("docs/architecture.md: the table '\(header)' lists \(name) for \(module), and no file of it imports it")
            }
        }
        for module in Set(listed.keys).subtracting(found.keys).sorted() {
            Issue.record("docs/architecture.md: the table '\(header)' lists \(module), and no file of it imports C")
        }
    }

    /// Only the modules (and the executable's files) the map names write to the disk.
    @Test func onlyWhatTheMapNamesWritesFiles() throws {
        try hold("| module or file | writes |", "writes files", Self.map.fileWrites(in:))
    }

    /// Only the modules (and the executable's files) the map names fan out.
    @Test func onlyWhatTheMapNamesFansOut() throws {
        try hold("| module or file | fans out |", "fans out", Self.map.fanOutLines(in:))
    }

    /// The checks themselves: what each looks for is found with its line; comments, a method of
    /// the same name and a read are not.
    @Test func theChecksFindWhatTheyLookFor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engines-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for module in ["Sources/UseCases", "Sources/rickdex/Commands", "docs"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(module), withIntermediateDirectories: true)
        }
        let package = """
            let package = Package(
                targets: [
                    .target(name: "UseCases", dependencies: []),
                    .executableTarget(name: "rickdex", dependencies: ["UseCases"]),
                ])
            """
        let useCase = """
            #if canImport(Glibc)
                import Glibc
            #endif
            import LoupeToolbox
            // withTaskGroup, async let and AtomicFile in a comment are fine
            func work(_ state: inout State) async throws {
                let link = "https://example.com/a"  // a URL's slashes start no comment
                async let answer = fetch(link)
                try AtomicFile.write([], to: "x")
                let file = try FileDescriptor.open(
                    "x", .writeOnly, options: [.create])
                state.moveItem(key)
                _ = FileSystem.read("x")
                try FileManager.default.removeItem(atPath: "x")
                _ = await answer
            }
            """
        let command = """
            import UseCases
            func run() async {
                let ticker = Task { await tick() }
                _ = ticker
            }
            """
        let files = [
            "Package.swift": package, "Sources/UseCases/Work.swift": useCase, "Sources/rickdex/Commands/Run.swift": command,
            "docs/architecture.md": "| module or file | fans out |\n| --- | --- |\n| `UseCases` | work |\n| `rickdex/Gone.swift` | no more |\n",
        ]
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let map = ModuleMap(root: folder)
        #expect(map.cImports(in: "Sources/UseCases", cModules: ["Glibc", "Darwin"]).map(\.line) == [2])
        #expect(map.fanOutLines(in: "Sources/UseCases").map(\.line) == [8])
        #expect(map.fileWrites(in: "Sources/UseCases").map(\.line) == [9, 10, 14])
        let places = try map.places(map.fanOutLines(in:))
        #expect(places.keys.sorted() == ["UseCases", "rickdex/Commands/Run.swift"])
        let listed = try map.table(startingWith: "| module or file | fans out |").map(\.key)
        #expect(listed == ["UseCases", "rickdex/Gone.swift"])
    }

    /// Compares what the table under `header` lists with where `find` finds it.
    private func hold(_ header: String, _ doing: String, _ find: (String) -> [ModuleMap.Import]) throws {
        let rows = try Self.map.table(startingWith: header)
        #expect(!rows.isEmpty, "docs/architecture.md: no table under '\(header)'")
        let listed = Set(rows.map(\.key))
        let found = try Self.map.places(find)
        for key in Set(found.keys).subtracting(listed).sorted() {
            guard let place = found[key] else { continue }
            Issue.record(
                "\(place.file):\(place.line): \(key) \(doing) (\(place.module)), and docs/architecture.md's table '\(header)' does not list it"
            )
        }
        for key in listed.subtracting(found.keys).sorted() {
            Issue.record("docs/architecture.md: the table '\(header)' lists \(key), which no longer \(doing)")
        }
    }
}
