import Foundation

/// The package root, found from this file's own path so tests run from any directory.
enum PackageRoot {
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Support
        .deletingLastPathComponent()   // MemoryLaneTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()

    static func read(_ relative: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
    }

    static func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(relative).path)
    }
}
