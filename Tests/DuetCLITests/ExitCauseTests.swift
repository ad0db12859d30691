import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI

/// Exit codes and messages by cause: on a full disk every verb, reads included, exits 3 with the
/// cause in words — never SQLite's or Foundation's own text; on a read-only folder questions are
/// answered and verbs that must store something exit 3 saying so; a milestone that cannot be
/// stored leaves no file. The folders are small tmpfs mounts, so these
/// checks need root; without it they are skipped, visibly.
final class ExitCauseTests: XCTestCase {
    private var disk: SmallDisk!
    private var tree: URL { disk.folder.appendingPathComponent("repo") }

    override func setUpWithError() throws {
        disk = try SmallDisk(megabytes: 8)
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("corpus.db.seed"), to: tree.appendingPathComponent("corpus.db.seed"))
        let runner = try BuildProducts.executable("memorylane-runner")
        try Data("runners:\n  swift: '\(runner)'\n".utf8).write(to: tree.appendingPathComponent("parity/manifest.yaml"))
        XCTAssertNotEqual(duet("census", in: tree.path).status, .environment, "the corpus is built while there is room")
    }
    override func tearDownWithError() throws { disk?.remove() }

    private let reads: [[String]] = [["census"], ["query", "fixtures"], ["query", "kinds"], ["query", "sql", "SELECT count(*) FROM fixtures"],
                                     ["milestone", "--list"], ["show", "splash.finds-none"], ["corpus", "stats"]]

    private func assertCause(_ arguments: [String], _ cause: String, file: StaticString = #filePath, line: UInt = #line) {
        let run = duet(arguments, in: tree.path)
        XCTAssertEqual(run.status, .environment, "\(arguments): \(run.stderr)", file: file, line: line)
        XCTAssertTrue(run.stderr.contains(cause), "\(arguments): \(run.stderr)", file: file, line: line)
        for raw in ["SQLite error", "Error Domain", "disk I/O error", "unable to open database", "check the statement"] {
            XCTAssertFalse(run.stderr.contains(raw), "\(arguments): raw text reached the user: \(run.stderr)", file: file, line: line)
        }
    }

    /// Nobody can change a file on a read-only mount: a question the index answers as it is (the
    /// tree unchanged since its last sync) is answered, and so is a census equal to the one stored
    /// before (nothing new to keep); a verb that must store something (lint keeps its result,
    /// verify its run) stops, naming the folder.
    func testEveryVerbOnAReadOnlyFolderSaysSo() throws {
        // Past the 2 s racy window of the files just written, so the sync can trust their stamps.
        Thread.sleep(forTimeInterval: 2.1)
        XCTAssertEqual(duet("query", "fixtures", in: tree.path).status, .holds, "the sync remembers the tree")
        try disk.remountReadOnly()
        let questions: [[String]] = [["query", "fixtures"], ["query", "kinds"], ["query", "sql", "SELECT count(*) FROM fixtures"],
                                     ["milestone", "--list"], ["corpus", "stats"]]
        for arguments in questions {
            let run = duet(arguments, in: tree.path)
            XCTAssertEqual(run.status, .holds, "\(arguments) is answered from the index as it is: \(run.stderr)")
        }
        let census = duet("census", in: tree.path)
        XCTAssertEqual(census.status, .findings, "the census stored in setUp says it again: \(census.stderr)")
        XCTAssertFalse(census.stderr.contains("read-only"), census.stderr)
        for arguments in [["lint"], ["verify"], ["milestone", "beta-1"], ["record"]] {
            assertCause(arguments, "the folder is read-only")
        }
    }

    func testEveryVerbOnAFullDiskSaysSo() throws {
        try disk.fill()
        for arguments in reads + [["verify"], ["milestone", "beta-1"]] {
            assertCause(arguments, "the disk is full")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: tree.appendingPathComponent("parity/milestones/beta-1.json").path))
    }

    func testAMilestoneThatCannotBeStoredLeavesNoFile() throws {
        // The verify and drill runs are stored first, then the disk fills, leaving room for the
        // milestone's file but not for its corpus transaction at some fill level; at none may the file stay.
        XCTAssertNotEqual(duet("verify", in: tree.path).status, .environment)
        XCTAssertNotEqual(duet("drill", "restore", in: tree.path).status, .environment)
        var failures = 0
        for kilobytes in stride(from: 8, through: 256, by: 8) {
            try disk.fill(leavingKilobytes: kilobytes)
            let run = duet(["milestone", "m\(kilobytes)"], in: tree.path)
            let file = tree.appendingPathComponent("parity/milestones/m\(kilobytes).json").path
            if run.status == .environment {
                failures += 1
                XCTAssertFalse(FileManager.default.fileExists(atPath: file), "\(kilobytes) KB free: exit 3 left the file: \(run.stderr)")
                XCTAssertTrue(run.stderr.contains("the disk is full"), "\(kilobytes) KB free: \(run.stderr)")
            }
            try disk.emptyFiller()
        }
        XCTAssertGreaterThan(failures, 0, "some fill level must stop the milestone, or this checks nothing")
    }
}

/// A tmpfs of a few megabytes mounted on a fresh folder: a disk that can be filled or made
/// read-only. Needs root (`mount`); throws `XCTSkip` saying so otherwise.
final class SmallDisk {
    let folder: URL
    private var filler: URL { folder.appendingPathComponent(".filler") }

    init(megabytes: Int) throws {
        guard getuid() == 0 else { throw XCTSkip("mounting a small tmpfs needs root: the full-disk and read-only checks are skipped") }
        folder = try temporaryDirectory()
        guard Self.shell("mount -t tmpfs -o size=\(megabytes)m tmpfs '\(folder.path)'") == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw XCTSkip("mount -t tmpfs failed (a container without CAP_SYS_ADMIN?): the full-disk and read-only checks are skipped")
        }
    }

    func remountReadOnly() throws {
        guard Self.shell("mount -o remount,ro '\(folder.path)'") == 0 else { throw XCTSkip("cannot remount the tmpfs read-only") }
    }

    /// Writes a filler file until the disk holds only `leavingKilobytes` free.
    func fill(leavingKilobytes: Int = 0) throws {
        var facts = statvfs()
        guard statvfs(folder.path, &facts) == 0 else { throw CocoaError(.fileReadUnknown) }
        let free = Int(facts.f_bavail) * Int(facts.f_frsize)
        let size = max(0, free - leavingKilobytes * 1024)
        _ = Self.shell("head -c \(size) /dev/zero >> '\(filler.path)' 2>/dev/null")
    }

    func emptyFiller() throws { try? FileManager.default.removeItem(at: filler) }

    func remove() {
        _ = Self.shell("umount '\(folder.path)'")
        try? FileManager.default.removeItem(at: folder)
    }

    @discardableResult
    static func shell(_ command: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
