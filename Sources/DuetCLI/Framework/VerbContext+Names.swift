import DuetCorpus

/// Names a verb was given, checked against what the corpus (and the manifest) knows before the
/// verb answers: an unknown one is bad input with the closest known names, never an empty result.
extension VerbContext {
    /// The corpus's names, read once per invocation.
    func knownNames() throws -> KnownNames {
        if let names = cachedNames { return names }
        let names = try corpus().knownNames()
        cachedNames = names
        return names
    }

    /// `name` when a stored fixture has it.
    func resolveFixture(_ name: String) throws -> String {
        try NameResolver.resolve(name, as: .fixture, among: knownNames().fixtures)
    }

    /// `name` when a fixture, a structure or the manifest names that feature; nil stays nil.
    func resolveFeature(_ name: String?) throws -> String? {
        guard let name else { return nil }
        var known = try knownNames().features
        known += ((try? manifest()) ?? nil)?.features.map(\.name) ?? []
        return try NameResolver.resolve(name, as: .feature, among: known)
    }

    /// `pattern` when it stands for a declared or recorded kind; the suggestions are written the
    /// way the pattern was (`capture.slot.camera`, `capture.camera` or `camera`).
    func resolveKind(_ pattern: KindPattern) throws -> KindPattern {
        if try corpus().knowsKind(pattern) { return pattern }
        let names = try knownNames()
        if pattern.matchesAny(of: names.kinds) { return pattern }
        let forms: [String]
        switch (pattern.feature, pattern.primitive) {
        case (nil, _): forms = names.kindCases
        case (_?, nil): forms = names.kindFeatureCases + names.kinds
        case (_?, _?): forms = names.kinds
        }
        throw UsageError(NameResolver.unknown(pattern.description, as: .kind, among: forms))
    }

    /// `name` when it is one of the platforms (`swift`, `kotlin`, or one the manifest names a runner for).
    func resolvePlatform(_ name: String) throws -> String {
        let declared = ((try? manifest()) ?? nil).map { Array($0.runners.keys) } ?? []
        return try NameResolver.resolve(name, as: .platform, among: Set(["swift", "kotlin"] + declared))
    }

    /// `names` when every one is pending.
    func resolvePending(_ names: [String]) throws -> [String] {
        let known = try knownNames().pending
        for name in names { _ = try NameResolver.resolve(name, as: .pending, among: known) }
        return names
    }
}
