import Foundation
import Duet

/// The rules on `presentation.waivers`, `presentation.islands` and `census.rulings`.
enum LedgerRules {
    static let unknownStructureFix = "configure the feature's runner under runners: (then `duet record` or `duet lint --refresh`), or declare its structure: in the manifest"

    static func check(_ manifest: Manifest, inputs: LintInputs, into found: inout LintCollector) {
        let features = Set(manifest.features.map(\.name))
        func knownFeature(_ feature: String, at path: String) -> Bool {
            guard features.contains(feature) else {
                found.add(.ledgerFeature, at: path + ".feature", "feature '\(feature)' is not declared under features:",
                          fix: "declare it under features:, or correct the name")
                return false
            }
            return true
        }
        func common(_ path: String, since: String, reason: String) {
            if let problem = dateProblem(since, now: inputs.now) {
                found.add(.ledgerSince, at: path + ".since", "since: '\(since)' \(problem)", fix: "write the date the entry was decided, as YYYY-MM-DD")
            }
            if reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                found.add(.ledgerReason, at: path + ".reason", "reason: is empty", fix: "say why the difference is deliberate")
            }
        }

        var seenWaivers: [String: String] = [:]
        for waiver in manifest.waivers {
            common(waiver.path, since: waiver.since, reason: waiver.reason)
            if waiver.manner.trimmingCharacters(in: .whitespaces).isEmpty {
                found.add(.ledgerReason, at: waiver.path + ".manner", "manner: is empty", fix: "name the manner that differs on \(waiver.platform)")
            }
            let key = "\(waiver.kind)|\(waiver.platform)"
            if let first = seenWaivers[key] {
                found.add(.ledgerDuplicate, at: waiver.path, "waiver \(waiver.kind) on \(waiver.platform) is declared twice (first at \(first))",
                          fix: "keep one entry")
            } else {
                let place = manifest.place(waiver.path)
                seenWaivers[key] = "line \(place.line)"
            }
            guard knownFeature(waiver.feature, at: waiver.path) else { continue }
            checkKind(waiver, inputs: inputs, into: &found)
        }

        var islandsByID: [String: [IslandEntry]] = [:]
        for island in manifest.islands {
            common(island.path, since: island.since, reason: island.reason)
            islandsByID[island.id, default: []].append(island)
            guard knownFeature(island.feature, at: island.path) else { continue }
            checkIslandID(island, inputs: inputs, into: &found)
        }
        for (id, entries) in islandsByID.sorted(by: { $0.key < $1.key }) { checkPlatforms(id, entries, manifest: manifest, into: &found) }

        for ruling in manifest.rulings {
            common(ruling.path, since: ruling.since, reason: ruling.reason)
            checkRuling(ruling, features: features, inputs: inputs, into: &found)
        }
    }

    private static func checkKind(_ waiver: Waiver, inputs: LintInputs, into found: inout LintCollector) {
        let parts = waiver.kind.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0] == waiver.feature, Primitive(rawValue: parts[1]) != nil, !parts[2].isEmpty else {
            found.add(.waiverKind, at: waiver.path + ".kind", "kind '\(waiver.kind)' is not <feature>.<path|slot|tabs|stage>.<case> of feature '\(waiver.feature)'",
                      fix: "name the kind whose manner differs, e.g. \(waiver.feature).slot.<case>")
            return
        }
        guard inputs.structures[waiver.feature] != nil else {
            found.add(.waiverKind, at: waiver.path + ".kind", "the structure of feature '\(waiver.feature)' is unknown, so kind '\(waiver.kind)' cannot be checked",
                      fix: unknownStructureFix)
            return
        }
        guard inputs.kinds[waiver.feature, default: []].contains(waiver.kind) else {
            let known = inputs.kinds[waiver.feature, default: []].sorted()
            found.add(.waiverKind, at: waiver.path + ".kind", "kind '\(waiver.kind)' is not in the structure of feature '\(waiver.feature)'",
                      fix: known.isEmpty ? "the feature has no kind: remove the waiver" : "use one of " + known.joined(separator: ", "))
            return
        }
    }

    private static func checkIslandID(_ island: IslandEntry, inputs: LintInputs, into found: inout LintCollector) {
        guard island.id.hasPrefix(island.feature + "."), island.id.count > island.feature.count + 1 else {
            found.add(.islandID, at: island.path + ".id", "island id '\(island.id)' is not prefixed '\(island.feature).'",
                      fix: "name it \(island.feature).<name>, as the boundary type's islandID says")
            return
        }
        guard let structure = inputs.structures[island.feature] else {
            found.add(.islandID, at: island.path + ".id", "the structure of feature '\(island.feature)' is unknown, so island '\(island.id)' cannot be checked",
                      fix: unknownStructureFix)
            return
        }
        let declared = structure.fields.compactMap(\.role.islandID)
        guard declared.contains(island.id) else {
            found.add(.islandID, at: island.path + ".id", "feature '\(island.feature)' has no island '\(island.id)' in its structure",
                      fix: declared.isEmpty ? "mark the boundary field with @Island, or remove the entry" : "use one of " + declared.sorted().joined(separator: ", "))
            return
        }
    }

    /// One entry per platform, both platforms, the same boundary.
    private static func checkPlatforms(_ id: String, _ entries: [IslandEntry], manifest: Manifest, into found: inout LintCollector) {
        var byPlatform: [String: IslandEntry] = [:]
        for entry in entries {
            guard let platform = entry.platform else {
                found.add(.islandPlatforms, at: entry.path, "island '\(id)' names no platform",
                          fix: "declare one entry per platform: platform: ios and platform: android, with the same id and boundary")
                continue
            }
            if let first = byPlatform[platform] {
                found.add(.ledgerDuplicate, at: entry.path, "island '\(id)' on \(platform) is declared twice (first at line \(manifest.place(first.path).line))",
                          fix: "keep one entry per platform")
                continue
            }
            byPlatform[platform] = entry
        }
        for platform in ManifestVocabulary.platforms where byPlatform[platform] == nil {
            guard let other = byPlatform.values.first else { continue }
            found.add(.islandPlatforms, at: other.path, "island '\(id)' is declared on \(other.platform ?? "") but not on \(platform)",
                      fix: "add its \(platform) entry with the same id and boundary (internals may differ)")
        }
        if let ios = byPlatform["ios"], let android = byPlatform["android"], ios.boundary != android.boundary {
            found.add(.islandPlatforms, at: android.path + ".boundary",
                      "island '\(id)' has boundary '\(ios.boundary)' on ios but '\(android.boundary)' on android",
                      fix: "the boundary is the shared summary type: use the same one on both platforms")
        }
    }

    private static func checkRuling(_ ruling: CensusRuling, features: Set<String>, inputs: LintInputs, into found: inout LintCollector) {
        guard let dot = ruling.field.firstIndex(of: "."), dot != ruling.field.startIndex, ruling.field.index(after: dot) != ruling.field.endIndex else {
            found.add(.rulingField, at: ruling.path + ".field", "field '\(ruling.field)' is not feature.field",
                      fix: "name the field as <feature>.<field>, e.g. onboarding.page")
            return
        }
        let feature = String(ruling.field[..<dot]), field = String(ruling.field[ruling.field.index(after: dot)...])
        guard features.contains(feature) else {
            found.add(.ledgerFeature, at: ruling.path + ".field", "feature '\(feature)' is not declared under features:",
                      fix: "declare it under features:, or correct the name")
            return
        }
        guard let structure = inputs.structures[feature] else {
            found.add(.rulingField, at: ruling.path + ".field", "the structure of feature '\(feature)' is unknown, so '\(ruling.field)' cannot be checked",
                      fix: unknownStructureFix)
            return
        }
        guard structure.fields.contains(where: { $0.path == field }) else {
            let near = structure.fields.map(\.path).min { EditDistance.between($0, field) < EditDistance.between($1, field) }
            found.add(.rulingField, at: ruling.path + ".field", "feature '\(feature)' has no field '\(field)'",
                      fix: near.map { "did you mean '\(feature).\($0)'?" } ?? "remove the ruling")
            return
        }
    }

    /// nil for a real `YYYY-MM-DD` date on or before today (UTC); otherwise what is wrong with it.
    static func dateProblem(_ text: String, now: Date) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            return "is not a YYYY-MM-DD date"
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components),
              calendar.component(.month, from: date) == month, calendar.component(.day, from: date) == day else {
            return "is not a calendar date"
        }
        if date > calendar.startOfDay(for: now) { return "is in the future" }
        return nil
    }
}
