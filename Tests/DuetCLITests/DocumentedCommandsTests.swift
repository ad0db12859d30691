import Foundation
import XCTest
@testable import DuetCLI

/// Every documented command runs as written: each `duet …` / `swift run duet …` line of the README's
/// ```sh blocks and of every verb's `--help` example is run by bash in a fresh scratch copy of the
/// reference tree (`referenceTreeCopy`: parity/, the seed, Sources/, the built Memory Lane runner),
/// and exits as documented — 0, or the `exits N` its comment says.
///
/// A line that needs a state the fresh copy lacks gets it from `setUps`, which says why; a line
/// that cannot run in a test is in `notRun`, with the reason — printed by every run, never dropped
/// silently. Both tables are checked against the documents: an entry no documented line matches fails.
final class DocumentedCommandsTests: XCTestCase {
    /// What a documented line needs beyond a fresh copy of the reference tree, and why.
    struct SetUp {
        var why: String
        /// The Kotlin runner (`kotlin/build.sh`; CI builds it before `swift test`) linked into the copy.
        /// Without it built, the line is reported as not run here.
        var kotlin = false
        /// The copy is a git repository with everything committed.
        var git = false
        /// An empty folder instead of the copy: the adopter loop starts from nothing.
        var emptyFolder = false
        /// Run first, in the copy; each must exit as its `# exits N` says (0 when it says nothing).
        var commands: [String] = []
    }

    /// A pending recording of timeline.deep-link.share-intent: its fixture of record edited (one
    /// title of its initial state), so recording the scenario again differs from it.
    static let pendingRecording = [
        "sed -i '0,/\"Beach day\"/s//\"Beach night\"/' parity/fixtures/timeline.deep-link.share-intent.fixture.json",
        "duet record   # exits 1",
    ]

    /// Keyed by the command as written (without its comment).
    static let setUps: [String: SetUp] = [
        "duet verify --platform all": SetUp(why: "both runners", kotlin: true),
        "duet verify --platform all --junit verify.xml": SetUp(why: "both runners", kotlin: true),
        "duet map capture --platform kotlin": SetUp(why: "it draws what the latest full Kotlin run showed", kotlin: true,
                                                    commands: ["duet verify --platform kotlin"]),
        "duet init": SetUp(why: "init makes a tree; the reference copy already is one", emptyFolder: true),
        "duet runs import results-1.json results-2.json results-3.json":
            SetUp(why: "it merges the result files of three shards", commands: (1...3).map { "duet verify --shard \($0)/3 --results results-\($0).json" }),
        "duet ledger import-git": SetUp(why: "it reads the manifest's git history", git: true),
        "duet ledger import-git && duet ledger history --island memorydetail.photo-carousel": SetUp(why: "it reads the manifest's git history", git: true),
        "duet record --feature timeline && git diff parity/fixtures": SetUp(why: "git diff needs a repository", git: true),
        "duet milestone beta-1 && git add parity/milestones/beta-1.json": SetUp(why: "git add needs a repository", git: true),
        "duet import ../upstream-app/parity/fixtures && git status parity/fixtures":
            SetUp(why: "an upstream app's fixtures beside the tree, and git status needs a repository", git: true,
                  commands: ["duet export ../upstream-app/parity/fixtures"]),
        "duet explain": SetUp(why: "it shows a stored run", commands: ["duet verify"]),
        "duet explain --run verify:1 --format json | jq '.report.runs[0].results[] | .failure'": SetUp(why: "it shows a stored run", commands: ["duet verify"]),
        "duet pending && duet pending show timeline.deep-link.share-intent": SetUp(why: "a pending recording", commands: pendingRecording),
        "duet pending show timeline.deep-link.share-intent": SetUp(why: "a pending recording", commands: pendingRecording),
        "duet pending show timeline.deep-link.share-intent && duet pending accept timeline.deep-link.share-intent":
            SetUp(why: "a pending recording", commands: pendingRecording),
        "duet pending reject timeline.deep-link.share-intent": SetUp(why: "a pending recording", commands: pendingRecording),
    ]

    /// Lines not run here, each with why.
    static let notRun: [String: String] = [
        "duet pending show NAME": "NAME stands for a pending recording's name",
        "duet pending accept NAME": "NAME stands for a pending recording's name",
        "duet pending show explore.mainnav.fc7f9644b70b": "it names an explore finding's recording; the reference app's flavors agree, so no explore makes one (ExploreTests make one with a diverging twin)",
        "duet explore --replay explore.mainnav.fc7f9644b70b": "it names an explore finding's recording; the reference app's flavors agree, so no explore makes one",
        "duet explore --replay explore.timeline.3fa9c1e2b4d0": "it names an explore finding's recording; the reference app's flavors agree, so no explore makes one",
        "duet explore --platform all --budget 100000 --seed 1": "a 100,000-step explore on both runners (minutes; CI runs explore at --budget 4000, BENCHMARKS.md measures this one)",
        "duet explore --platform all --feature timeline --time 30 --junit explore.xml": "it explores for 30 seconds (CI runs explore at --budget 4000)",
        "duet mutate --explore 100000": "the mutation score builds the runner once per row and explores 100,000 steps each (BENCHMARKS.md)",
        "duet mutate": "every row of the mutation plan builds the runner again (minutes; CI runs three rows)",
        "duet mutate --row capture-dismissal-guard": "a mutation row builds the Memory Lane runner from the package (CI runs it, .ci/run)",
        "duet mutate --row capture-dismissal-guard --format json": "a mutation row builds the Memory Lane runner from the package (CI runs it, .ci/run)",
        "duet record && duet review": "review is interactive on a terminal (ReviewVerbTests drive it in tmux)",
    ]

    private static var documented: [DocumentedCommand] {
        let readme = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        return DocumentedCommand.all(readme: readme, helps: VerbTable.all.map { ($0.name, $0.discussion) })
    }

    func testEveryDocumentedCommandExitsAsDocumented() throws {
        let commands = Self.documented
        XCTAssertGreaterThan(commands.count, 60, "the documented lines were not found")
        let bin = URL(fileURLWithPath: try BuildProducts.executable("duet")).deletingLastPathComponent()
        let kotlinRunner = packageRoot.appendingPathComponent("kotlin/build/memorylane-runner")
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let pristine = try Self.pristineTree(in: work, bin: bin)
        let before = try Self.contents(of: pristine)
        var report: [String] = []
        var runnable: [(index: Int, command: DocumentedCommand)] = []
        for (index, command) in commands.enumerated() {
            if let reason = Self.notRun[command.command] { report.append("not run  \(command): \(reason)"); continue }
            if Self.setUps[command.command]?.kotlin == true, !FileManager.default.isExecutableFile(atPath: kotlinRunner.path) {
                report.append("not run  \(command): the Kotlin runner is not built here (kotlin/build.sh; CI builds it before swift test)")
                continue
            }
            runnable.append((index, command))
        }
        let started = Date()
        // Each line in a tree of its own, so lines run side by side (one per core).
        let jobs = runnable
        let finished = FinishedLines()
        DispatchQueue.concurrentPerform(iterations: jobs.count) { job in
            let (index, command) = jobs[job]
            let place = work.appendingPathComponent("line-\(index)")
            let result = Result { () throws -> DocumentedRun in
                defer { try? FileManager.default.removeItem(at: place) }
                let tree = try Self.place(Self.setUps[command.command], copying: pristine, into: place, bin: bin, kotlinRunner: kotlinRunner)
                return try DocumentedShell.run(command.line, in: tree, bin: bin)
            }
            finished.set(index, result)
        }
        let results = finished.all
        for (index, command) in runnable {
            switch results[index] {
            case .success(let result)?:
                report.append(String(format: "%5.1f s  ", result.seconds) + "exit \(result.status)  \(command)")
                XCTAssertFalse(result.timedOut, "\(command) did not finish")
                XCTAssertEqual(result.status, command.expectedExit,
                               "\(command) exits \(result.status), documented \(command.expectedExit) (say `# exits N` in its comment):\n\(result.output.suffix(2000))")
            case .failure(let error)?: XCTFail("\(command): \(error)")
            case nil: XCTFail("\(command) was not run")
            }
        }
        let ran = runnable.count
        print("Documented commands: \(ran) run, \(commands.count - ran) not run, in \(Int(Date().timeIntervalSince(started))) s\n" + report.joined(separator: "\n"))
        XCTAssertTrue(try Self.contents(of: pristine) == before, "a line wrote into a file in place, and so into every later line's tree")
        let written = Set(commands.map(\.command))
        for key in Self.setUps.keys.sorted() + Self.notRun.keys.sorted() where !written.contains(key) {
            XCTFail("`\(key)` is in the test's tables but no documented line says it: remove it")
        }
    }

    /// The reference tree as a clone has it — `referenceTreeCopy`, with the .gitignore, the Kotlin
    /// flavor's sources (not built) and the test folder `materialize` writes into — and its corpus
    /// built once, so each line starts from a copy.
    static func pristineTree(in work: URL, bin: URL) throws -> URL {
        let tree = try referenceTreeCopy(in: work)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent(".gitignore"), to: tree.appendingPathComponent(".gitignore"))
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/MemoryLaneTests"), to: tree.appendingPathComponent("Tests/MemoryLaneTests"))
        for flavor in ["kotlin/duet", "kotlin/memorylane"] {
            try FileManager.default.createDirectory(at: tree.appendingPathComponent("kotlin"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent(flavor), to: tree.appendingPathComponent(flavor))
        }
        try shell("duet corpus stats", in: tree, bin: bin)
        return tree
    }

    /// Every file below `root` (links not followed) with its bytes.
    static func contents(of root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[url.path] = try Data(contentsOf: url)
        }
        return files
    }

    /// The folder the line runs in: a copy of `pristine` (or an empty folder), set up as `setUp` says.
    static func place(_ setUp: SetUp?, copying pristine: URL, into place: URL, bin: URL, kotlinRunner: URL) throws -> URL {
        if setUp?.emptyFolder == true {
            let folder = place.appendingPathComponent("app")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        let tree = place.appendingPathComponent("tree")
        // Hard links, but for the corpus SQLite writes in place: duet writes every file of the tree
        // to a temporary file renamed over it, so a copy's writes never reach `pristine` (checked at the end).
        try shell("cp -al '\(pristine.path)' '\(tree.path)' && rm tree/corpus.db && cp '\(pristine.path)/corpus.db' tree/corpus.db", in: place, bin: bin)
        guard let setUp else { return tree }
        if setUp.kotlin {
            try FileManager.default.createDirectory(at: tree.appendingPathComponent("kotlin"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: tree.appendingPathComponent("kotlin/build"), withDestinationURL: kotlinRunner.deletingLastPathComponent())
        }
        if setUp.git {
            try shell("git init -q && git add -A && git -c user.name=duet -c user.email=duet@example.invalid commit -qm tree", in: tree, bin: bin)
        }
        for line in setUp.commands { try shell(line, in: tree, bin: bin) }
        return tree
    }

    /// Runs a set-up line; it must exit as its `# exits N` says.
    static func shell(_ line: String, in directory: URL, bin: URL) throws {
        let expected = DocumentedCommand.parse("duet " + line, source: "set-up")?.expectedExit ?? 0
        let result = try DocumentedShell.run(line, in: directory, bin: bin)
        guard result.status == expected else { throw BuildFailure("set-up `\(line)` exited \(result.status): \(result.output.suffix(1000))") }
    }

    /// The negative controls: a misspelt verb, or a wrong documented exit code, fails the check.
    func testAMisspeltVerbOrAWrongExitCodeFails() throws {
        let readme = """
            ```sh
            duet verfy                 # a misspelt verb
            duet census  # exits 1
            duet census                # the closure check; "exits 1" only counts at the end
            swift run duet show splash.finds-none#1   # not a comment: the step
            ```
            """
        let commands = DocumentedCommand.all(readme: readme, helps: [])
        XCTAssertEqual(commands.map(\.command), ["duet verfy", "duet census", "duet census", "duet show splash.finds-none#1"])
        XCTAssertEqual(commands.map(\.expectedExit), [0, 1, 0, 0])
        let bin = URL(fileURLWithPath: try BuildProducts.executable("duet")).deletingLastPathComponent()
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let tree = try referenceTreeCopy(in: work)
        let statuses = try commands.map { try DocumentedShell.run($0.line, in: tree, bin: bin).status }
        XCTAssertEqual(statuses, [2, 0, 0, 0])
        let failing = zip(commands, statuses).filter { $0.expectedExit != $1 }.map(\.0.command)
        XCTAssertEqual(failing, ["duet verfy", "duet census"], "the misspelt verb and the wrong exit code are what the check reports")
    }
}

/// The results of lines run side by side, kept under a lock (the package still builds for macOS 13: no `Mutex`).
private final class FinishedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Result<DocumentedRun, any Error>] = [:]
    func set(_ index: Int, _ result: Result<DocumentedRun, any Error>) { lock.withLock { results[index] = result } }
    var all: [Int: Result<DocumentedRun, any Error>] { lock.withLock { results } }
}
