import Foundation
import Testing

/// `docs/architecture.md` held to the code: each module imports what `Package.swift` declares
/// and the map's table says, and paths meet system calls only in the file-system layer.
@Suite struct ArchitectureMapTests {
    static let map = ModuleMap(
        root: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent())

    @Test func everyImportIsDeclaredAndEveryDeclarationImported() throws {
        for (target, (dependencies, path)) in try Self.map.declared() where path.hasPrefix("Sources/") {
            let imports = Self.map.imports(in: path)
            guard !imports.isEmpty else { continue }  // a C target
            for found in imports where !ModuleMap.system.contains(found.module) && !dependencies.contains(found.module) {
                Issue.record(
                    "\(found.file):\(found.line): \(target) imports \(found.module), which Package.swift does not declare")
            }
            let used = Set(imports.map(\.module))
            for dependency in dependencies.subtracting(used) {
                Issue.record("Package.swift: \(target) declares \(dependency) and no file of it imports it")
            }
        }
    }

    /// `ls Sources` shows the layers: every module sits in its layer's folder, named as its target,
    /// and the generic libraries import nothing from the domain's.
    @Test func sourcesHasAFolderPerLayer() throws {
        let layers = ["C", "Generic", "Domain", "Command", "Tools"]
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.map.root.appendingPathComponent("Sources").path)
        #expect(Set(folders) == Set(layers))
        let declared = try Self.map.declared()
        var layerOf: [String: String] = [:]
        for (target, (_, path)) in declared where path.hasPrefix("Sources/") {
            let parts = path.split(separator: "/").map(String.init)
            #expect(parts.count == 3 && layers.contains(parts[1]) && parts[2] == target, "\(target) is at \(path)")
            if parts.count == 3 { layerOf[target] = parts[1] }
        }
        #expect(layerOf.filter { $0.value == "C" }.keys.allSatisfy { $0.hasPrefix("C") })
        for (target, (dependencies, _)) in declared where layerOf[target] == "Generic" {
            let upward = dependencies.filter { ["Domain", "Command", "Tools"].contains(layerOf[$0] ?? "") }
            #expect(upward.isEmpty, "\(target), a generic library, imports \(upward.sorted())")
        }
    }

    @Test func theMapsTableSaysWhatPackageSwiftDeclares() throws {
        let documented = try Self.map.documented()
        for (target, (dependencies, path)) in try Self.map.declared() where path.hasPrefix("Sources/") {
            guard !Self.map.imports(in: path).isEmpty else { continue }
            guard let row = documented[target] else {
                Issue.record("docs/architecture.md: no row for \(target) in the import table")
                continue
            }
            let expected = ModuleMap.documentedNames(dependencies)
            #expect(
                row == expected,
                "docs/architecture.md, \(target): the table says \(row.sorted()), Package.swift \(expected.sorted())")
        }
    }

    /// `rickdex` and every module it links import FoundationEssentials, never all of Foundation,
    /// which brings ICU's data and the internationalization layer (tens of megabytes).
    @Test func theShippedExecutableLinksNoFoundation() throws {
        let declared = try Self.map.declared()
        var linked: Set<String> = []
        var pending = ["rickdex"]
        while let module = pending.popLast() {
            guard linked.insert(module).inserted, let (dependencies, _) = declared[module] else { continue }
            pending += dependencies
        }
        #expect(linked.isSuperset(of: ["APIServer", "UseCases", "LoupePipeline", "LoupeToolbox"]), "\(linked.sorted())")
        for module in linked.sorted() {
            guard let (_, path) = declared[module] else { continue }  // another package's
            for found in Self.map.imports(in: path)
            where ["Foundation", "FoundationInternationalization", "FoundationNetworking"].contains(found.module) {
                Issue.record("\(found.file):\(found.line): \(module) imports \(found.module); rickdex links FoundationEssentials only")
            }
        }
    }

    @Test func pathsMeetSystemCallsOnlyInTheFileSystemLayer() throws {
        for (target, (_, path)) in try Self.map.declared() where path.hasPrefix("Sources/") {
            guard !ModuleMap.fileSystemModules.contains(target) else { continue }
            for call in Self.map.fileCalls(in: path) {
                Issue.record("\(call.file):\(call.line): \(target) calls \(call.module); use FileSystem (LoupeToolbox) instead")
            }
        }
    }

    /// The API's wire types (its JSON as written) stay inside the package: the public API is
    /// the models, queries and clients.
    @Test func wireTypesAreNotPublic() throws {
        for declaration in Self.map.publicDeclarations(in: "Sources/Domain/RickAndMortyAPI/DTO") {
            Issue.record("\(declaration.file):\(declaration.line): \(declaration.module) is public; wire types are package API")
        }
        let sample = Self.map.publicDeclarations(in: "Sources/Domain/RickAndMortyAPI/Models")
        #expect(sample.contains { $0.module == "RMCharacter" }, "the check finds a public declaration: \(sample.prefix(3))")
    }

    /// The check itself: a `FileManager` call added to a domain module is found, with its line.
    @Test func aFileManagerCallInADomainModuleIsFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources/Domain/UseCases"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try
            "import FoundationEssentials\n// FileManager in a comment is fine\nlet data = FileManager.default.contents(atPath: \"x\")\n"
            .write(to: folder.appendingPathComponent("Sources/Domain/UseCases/Bad.swift"), atomically: true, encoding: .utf8)
        let calls = ModuleMap(root: folder).fileCalls(in: "Sources/Domain/UseCases")
        #expect(calls == [ModuleMap.Import(module: "FileManager", file: "Sources/Domain/UseCases/Bad.swift", line: 3)])
    }
}
