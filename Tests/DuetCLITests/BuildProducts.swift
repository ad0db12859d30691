import Foundation
import XCTest

/// The package's built modules, objects and executables, next to the test bundle: what an
/// adopter's package compiles and links against, and the products tests run.
struct BuildProducts {
    let directory: URL

    init() throws {
        let candidates = [Bundle(for: Token.self).bundleURL.deletingLastPathComponent(),
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules/Duet.swiftmodule").path) }) else {
            throw BuildFailure("the package's modules are not built next to the tests (looked in \(candidates.map(\.path)))")
        }
        directory = found
    }

    private final class Token {}

    /// An executable product of this package (the test target depends on it, so it is built).
    static func executable(_ name: String) throws -> String {
        let bundle = Bundle(for: Token.self).bundleURL
        let candidates = [bundle.deletingLastPathComponent(), bundle, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        guard let found = candidates.map({ $0.appendingPathComponent(name).path }).first(where: FileManager.default.isExecutableFile) else {
            throw BuildFailure("\(name) is not built next to the tests (the test target depends on it) — run `swift build --product \(name)`")
        }
        return found
    }

    /// Compiles `source` as module `name`; returns its object file (the module goes beside it).
    func compileModule(_ name: String, source: String, in work: URL, flags: [String] = []) throws -> URL {
        let file = work.appendingPathComponent("\(name).swift"), object = work.appendingPathComponent("\(name).o")
        try Data(source.utf8).write(to: file)
        try swiftc(["-parse-as-library", "-module-name", name, "-swift-version", "6", "-I", modules, "-c", file.path, "-o", object.path,
                    "-emit-module", "-emit-module-path", work.appendingPathComponent("\(name).swiftmodule").path] + flags)
        return object
    }

    /// Compiles `source` as an executable linked with `module` and the objects of the package's `modules` (and no other).
    func compileExecutable(_ name: String, source: String, linking module: URL, modules: [String], in work: URL) throws -> String {
        let file = work.appendingPathComponent("main.swift")
        try Data(source.utf8).write(to: file)
        return try link(name, sources: [file, module], targets: modules, in: work, moduleName: "Runner", includes: [work.path])
    }

    /// Compiles `sources` (Swift files or objects) into an executable linked with the objects of `targets`.
    func link(_ name: String, sources: [URL], targets: [String], in work: URL, moduleName: String, includes: [String] = []) throws -> String {
        let output = work.appendingPathComponent(name)
        var objects: [String] = []
        for target in targets { objects += try self.objects(of: target) }
        try swiftc(["-swift-version", "6", "-module-name", moduleName, "-I", modules] + includes.flatMap { ["-I", $0] }
                   + sources.map(\.path) + objects + ["-o", output.path])
        return output.path
    }

    private var modules: String { directory.appendingPathComponent("Modules").path }

    /// The object files of `target`'s current sources, as its build's output file map lists them
    /// (objects of renamed or deleted sources linger in the folder; they must not be linked).
    private func objects(of target: String) throws -> [String] {
        let map = directory.appendingPathComponent("\(target).build/output-file-map.json")
        guard let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: map)) as? [String: Any] else {
            throw BuildFailure("\(map.path) is not the output file map SwiftPM writes")
        }
        return entries.compactMap { source, outputs in
            source.isEmpty ? nil : (outputs as? [String: Any])?["object"] as? String
        }.sorted()
    }

    private func swiftc(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BuildFailure("swiftc failed: " + String(decoding: output, as: UTF8.self)
                .split(separator: "\n").filter { $0.contains("error:") }.prefix(5).joined(separator: "\n"))
        }
    }
}

struct BuildFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
