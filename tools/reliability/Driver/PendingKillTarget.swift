import DuetFixtures
import Foundation
import Duet

extension KillTarget {
    /// `duet pending accept --all` of 21 pending recordings (memorydetail's scenarios of the reference
    /// app, recorded against fixtures whose first step was changed): each fixture file is written whole and its
    /// pending files removed after; a kill leaves every fixture either as it was, still pending and
    /// acceptable, or accepted — and the next verb's sync drops the pending files an accept wrote over.
    static let accepting = KillTarget(name: "pending accept", kills: 30, startsFrom: "pending", prepare: { tools, work in
        try tools.duet(["--corpus", corpus(work).path, "record", "--write", "--feature", feature, "--runner", tools.memoryLaneRunner], in: work)
            .expect(0, "recording the reference app")
        let fixtures = work.appendingPathComponent("parity/fixtures")
        let drifted = work.appendingPathComponent("drifted"), recorded = work.appendingPathComponent("recorded")
        try FileManager.default.copyItem(at: fixtures, to: recorded)
        try FileManager.default.createDirectory(at: drifted, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) where file.hasSuffix(".fixture.json") {
            let name = String(file.dropLast(".fixture.json".count))
            var fixture = try Fixture(name: name, document: try CanonicalJSON.parse(Array(try Data(contentsOf: fixtures.appendingPathComponent(file)))))
            fixture.steps[0].expectedEffects = .array([.object(try JSONObject([("id", .string("drill.drift")), ("kind", .string("cancel"))]))])
            try Data(fixture.document.prettyBytes).write(to: drifted.appendingPathComponent(file))
        }
        try placeFixtures(from: drifted, in: work)
        // Plain record keeps every recording pending (exit 1): the state each round starts from.
        try tools.duet(["--corpus", corpus(work).path, "record", "--feature", feature, "--runner", tools.memoryLaneRunner], in: work)
            .expect(1, "recording against the drifted fixtures")
        try FileManager.default.copyItem(at: work.appendingPathComponent("parity/.pending"), to: work.appendingPathComponent("pending-start"))
        try tools.restore(corpus(work), to: work.appendingPathComponent("start.db"))
    }, round: { tools, work, _ in
        try placeFixtures(from: work.appendingPathComponent("drifted"), in: work)
        let pending = work.appendingPathComponent("parity/.pending")
        try? FileManager.default.removeItem(at: pending)
        try FileManager.default.copyItem(at: work.appendingPathComponent("pending-start"), to: pending)
        try tools.restore(work.appendingPathComponent("start.db"), to: corpus(work))
        return ["--corpus", corpus(work).path, "pending", "accept", "--all"]
    }, observe: { _, work in
        // Read from the files, before any sync: each fixture is as it was and still pending, or accepted.
        let fixtures = work.appendingPathComponent("parity/fixtures"), pending = work.appendingPathComponent("parity/.pending")
        var stillPending = 0, accepted = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("drifted").path) {
            let now = FileManager.default.contents(atPath: fixtures.appendingPathComponent(file).path)
            let recording = FileManager.default.contents(atPath: pending.appendingPathComponent(file).path)
            let sidecar = FileManager.default.fileExists(atPath: pending.appendingPathComponent(file.replacingOccurrences(of: ".fixture.json", with: ".pending.json")).path)
            if now == FileManager.default.contents(atPath: work.appendingPathComponent("drifted/\(file)").path) {
                guard recording != nil, sidecar else { throw DriverFailure("\(file) is as it was, but its pending recording is gone") }
                stillPending += 1
            } else if now == FileManager.default.contents(atPath: work.appendingPathComponent("recorded/\(file)").path) {
                accepted += 1
            } else {
                throw DriverFailure("\(file) is neither the fixture it was nor the recording accepted")
            }
        }
        return accepted == 0 ? "pending" : stillPending == 0 ? "accepted" : "partial"
    }, repair: { tools, work in
        // The next verb syncs: what is left pending is listed, and accepting it completes the accept.
        try tools.duet(["--corpus", corpus(work).path, "pending", "accept", "--all"], in: work).expect(0, "accepting what the kill left pending")
        let left = try tools.duet(["--corpus", corpus(work).path, "pending", "--format", "json"], in: work).expect(0, "listing pending recordings")
        guard left.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]" else { throw DriverFailure("still pending after accept --all: \(left.stdout)") }
        return "accepted"
    })

    /// One feature's scenarios: enough files for a kill to fall between two, few enough for CI.
    private static let feature = "memorydetail"

    /// Replaces the tree's fixtures with the files in `folder`.
    private static func placeFixtures(from folder: URL, in work: URL) throws {
        let fixtures = work.appendingPathComponent("parity/fixtures")
        try? FileManager.default.removeItem(at: fixtures)
        try FileManager.default.copyItem(at: folder, to: fixtures)
    }
}
