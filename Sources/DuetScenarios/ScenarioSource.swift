/// The machine-independent path of a scenario file, from `#filePath` (or `#fileID`).
///
/// ```swift
/// ScenarioSource.relativePath("/home/ci/duet/Sources/MemoryLane/Timeline/TimelineScenarios.swift")
/// // "Sources/MemoryLane/Timeline/TimelineScenarios.swift"
/// ```
public enum ScenarioSource {
    /// Strips everything before the last `Sources/` or `Tests/` component; a path without
    /// either (a `#fileID`) is returned unchanged.
    public static func relativePath(_ filePath: String) -> String {
        let components = filePath.split(separator: "/", omittingEmptySubsequences: false)
        guard let root = components.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }) else { return filePath }
        return components[root...].joined(separator: "/")
    }
}
