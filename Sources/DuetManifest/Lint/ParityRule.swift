import Duet

/// Declaration parity between flavors, from what each platform's runner last reported.
enum ParityRule {
    static func status(_ describes: [String: [FeatureStructure]]) -> DeclarationParityStatus {
        let platforms = describes.keys.sorted()
        guard platforms.count >= 2 else { return DeclarationParityStatus(platforms: platforms, checked: false, differences: 0) }
        return DeclarationParityStatus(platforms: pair(platforms), checked: true, differences: differences(describes, platforms).count)
    }

    static func check(_ manifest: Manifest, describes: [String: [FeatureStructure]], into found: inout LintCollector) {
        let platforms = describes.keys.sorted()
        guard platforms.count >= 2 else { return }
        for difference in differences(describes, platforms) {
            let at = manifest.feature(named: difference.feature)?.path ?? "runners"
            found.add(.declarationParity, at: at, difference.description,
                      fix: "make the two flavors declare the same \(difference.aspect.rawValue), then `duet lint --refresh`")
        }
    }

    /// Swift on the left when present, so messages read the same way every time.
    private static func pair(_ platforms: [String]) -> [String] {
        platforms.contains("swift") ? ["swift"] + platforms.filter { $0 != "swift" }.prefix(1) : Array(platforms.prefix(2))
    }

    private static func differences(_ describes: [String: [FeatureStructure]], _ platforms: [String]) -> [DeclarationDifference] {
        let pair = pair(platforms)
        return DeclarationParity.differences((pair[0], describes[pair[0]] ?? []), (pair[1], describes[pair[1]] ?? []))
    }
}
