import Foundation
import Duet

/// A milestone file of record, `parity/milestones/NAME.json`: the report in the pinned pretty form.
enum StoredMilestoneFile {
    struct Contents { var createdAt: String; var canonicalBytes: [UInt8] }

    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "cannot read the milestone file", fix: "make it readable, or delete it")
        }
        return Array(data)
    }

    /// Checks the file holds a report this duet reads, named as the file is.
    static func decode(_ bytes: [UInt8], path: String, name: String) throws -> Contents {
        let tree: JSONValue
        do { tree = try CanonicalJSON.parse(bytes) } catch {
            throw InputError(file: path, error, fix: "restore the file from git, or delete it and record the milestone again")
        }
        let report: MilestoneReport
        do { report = try CanonicalDecoder().decode(MilestoneReport.self, from: tree) } catch {
            throw InputError(file: path, line: 1, column: 1, message: "not a milestone report this duet can read: \(error)",
                             fix: "restore the file from git, or record the milestone again with `duet milestone \(name)`")
        }
        guard report.name == name else {
            throw InputError(file: path, line: 1, column: 1, message: "the file holds the milestone \"\(report.name)\"",
                             fix: "name the file \(report.name).json, or record the milestone again with `duet milestone \(name)`")
        }
        return Contents(createdAt: report.createdAt, canonicalBytes: tree.canonicalBytes)
    }
}
