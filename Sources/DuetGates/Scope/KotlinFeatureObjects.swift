import Foundation

/// A Kotlin object that declares a feature: `object Timeline : Feature<…>("timeline", …)` — the
/// Kotlin twin of the Swift feature of that name.
public struct KotlinFeatureObject: Sendable, Equatable {
    public var feature: String
    /// The object's name (`Timeline`).
    public var type: String
    /// The file's `package`, empty when it has none.
    public var package: String
    /// The file, relative to the folder searched.
    public var file: String
    /// The module folder the file sits in (the part of `file` before `src/`), relative to the folder searched.
    public var module: String

    /// Every feature object in the `.kt` files under a `src/` folder below `folder`, by file name
    /// (a module's tests under `src/test/` and the build's output are not the feature's twin).
    ///
    /// ```swift
    /// KotlinFeatureObject.all(under: tree.absolute("kotlin")).first { $0.feature == "timeline" }?.type   // "Timeline"
    /// ```
    public static func all(under folder: String) -> [KotlinFeatureObject] {
        var found: [KotlinFeatureObject] = []
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".kt"), relative.contains("src/"), !relative.contains("src/test/"), !relative.hasPrefix("build/"),
                  let text = try? String(contentsOfFile: folder + "/" + relative, encoding: .utf8) else { continue }
            let package = text.split(separator: "\n").first { $0.hasPrefix("package ") }
                .map { String($0.dropFirst("package ".count)).trimmingCharacters(in: .whitespaces) } ?? ""
            var module = relative.components(separatedBy: "src/")[0]
            if module.hasSuffix("/") { module.removeLast() }
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let type = Range(match.range(at: 1), in: text).map({ String(text[$0]) }),
                      let feature = Range(match.range(at: 2), in: text).map({ String(text[$0]) }) else { continue }
                found.append(KotlinFeatureObject(feature: feature, type: type, package: package, file: relative, module: module))
            }
        }
        return found.sorted { $0.file.utf8.lexicographicallyPrecedes($1.file.utf8) }
    }

    private static let declaration = try! NSRegularExpression(pattern: #"object\s+(\w+)\s*:\s*Feature<[^(]*>\(\s*"([^"]+)""#)
}
