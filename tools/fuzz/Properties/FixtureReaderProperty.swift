import Duet
@testable import DuetCorpus
import DuetFixtures

/// What must hold for any bytes read as a fixture file: the import's tree-free reader
/// (`CompactFixtureReader`) stores exactly what the reference tree reader stores, or steps aside
/// (returns nil) for the tree reader to read or word the error; it never accepts what the tree
/// reader refuses. And a fixture read back from its pinned pretty form is the same fixture
/// (export, then import, changes nothing).
///
/// ```swift
/// if let finding = FixtureReaderProperty.finding(in: fileBytes) { fatalError(finding) }
/// ```
public enum FixtureReaderProperty {
    /// One feature with every kind of L0 field and an island, so the index readings are exercised.
    static let plans = ["nav": IndexPlan(feature: "nav", roles: [("path", .path), ("sheet", .slot), ("tab", .tabs),
                                                                  ("phase", .stage), ("media", .island("nav.media"))])]

    /// `treeBytes` is what the tree reader reads (the same bytes unless a test makes them differ).
    public static func finding(in bytes: [UInt8], treeBytes: [UInt8]? = nil, name: String = "nav.fuzz") -> String? {
        let compact = CompactFixtureReader.prepare(name: name, bytes: bytes, plans: plans)
        let fixture: Fixture
        do {
            fixture = try Fixture(name: name, document: CanonicalJSON.parse(treeBytes ?? bytes))
        } catch {
            return compact == nil ? nil : "the compact reader accepts a file the tree reader refuses (\(error))"
        }
        let reference = PreparedFixture(fixture, plan: fixture.feature.flatMap { plans[$0] })
        if let compact {
            let (have, want) = (fingerprint(compact), fingerprint(reference))
            if have != want {
                let line = zip(have, want).first { $0 != $1 }.map { "compact \($0.0) / tree \($0.1)" } ?? "\(have.count) / \(want.count) lines"
                return "the compact reader stores other rows than the tree reader: \(line)"
            }
        }
        do {
            let again = try Fixture(name: name, document: CanonicalJSON.parse(fixture.document.prettyBytes))
            guard again.document.canonicalBytes == fixture.document.canonicalBytes else {
                return "the fixture read back from its pretty form differs: \(Excerpt.of(again.document.canonicalBytes))"
            }
        } catch {
            return "the pretty form of an accepted fixture does not read back: \(error)"
        }
        return nil
    }

    /// Everything the writer stores of a prepared fixture, one line per fact.
    static func fingerprint(_ prepared: PreparedFixture) -> [String] {
        let f = prepared.fixture
        var lines = ["name \(f.name) feature \(f.feature ?? "-") chain \(f.chain ?? "-") dialect \(f.dialect.map(String.init) ?? "-")",
                     "description \(f.description ?? "-") source \(f.scenarioSource ?? "-") branch \(f.scenarioBranch ?? "-")",
                     "omitted \(f.stepsOmitted) initial \(prepared.initial?.hash.hex ?? "-") shape \(f.isChain ? "chain" : "leaf")",
                     "extras \(prepared.extras?.hash.hex ?? "-") scenario extras \(prepared.scenarioExtras?.hash.hex ?? "-")"]
        for (index, (step, blobs)) in zip(f.steps, prepared.steps).enumerated() {
            lines.append("step \(index) node \(step.node ?? "-") label \(step.label ?? "-") line \(step.line.map(String.init) ?? "-") link \(step.linkToNext.map(String.init) ?? "-")")
            lines.append("step \(index) action \(blobs.action.hash.hex) state \(blobs.state?.hash.hex ?? "-") effects \(blobs.effects.hash.hex) extras \(blobs.extras?.hash.hex ?? "-") case \(blobs.actionCase ?? "-")")
        }
        lines.append("steps \(f.steps.count) / \(prepared.steps.count)")
        if let index = prepared.index {
            let rows = IndexRows.snapshotRows(feature: f.feature ?? "", readings: index.readings,
                                              ids: index.readings.indices.map(Int64.init), skip: { _ in false })
            lines += rows.snapshotFields.map { "field \($0)" } + rows.snapshotKinds.map { "kind \($0)" }
                + rows.islandSummaries.map { "island \($0)" } + index.transitions.map { "transition \($0)" }
        } else {
            lines.append("no index")
        }
        return lines
    }
}
