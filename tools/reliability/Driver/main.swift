// duet-reliability: the standing reliability drivers, each bounded in time and count, printing
// figures. They drive the built `duet` as a user would (separate processes, SIGKILL, real runners).
//
//   swift build && $(swift build --show-bin-path)/duet-reliability [--quick]
//       [kill|concurrency|runners|sandbox|seeds|mcp|failures|foreign|damage|odd-names|all]
//       [--target NAME] [--seconds S] [--timeout S] [--bin DIR] [--work DIR]
//
//   kill         SIGKILL at random points of import (120 kills), record, ledger sync, migrate, pending accept (30 each);
//                corpus check and the target's invariant after every kill
//   concurrency  2 readers during a writer, 3 readers inside its tree, then two writers, for --seconds each (default 30)
//   runners      verify through runners that crash, hang, write garbage, speak version 2, write a
//                70 MB line, or stall (--timeout per request, default 2)
//   sandbox      SIGKILL `duet mutate` (40 kills) with links planted in its workspace and a plan row
//                through a link out of the repository: nothing outside may change
//   seeds        seeds that amplify (printf, doubling, a join, empty): refused with their line, in
//                bounded time and memory
//   mcp          an MCP client that passes files outside the tree, a 100 MB message, invalid UTF-8,
//                id 1.5 and a burst of 5,000 requests
//   failures     each cause of a failing verb (bad input, a full disk, a read-only folder): its exit
//                code, a plain message, nothing left behind (the disk cases need root for a tmpfs)
//   foreign      text, YAML, another program's SQLite (rollback and WAL), a corpus cut short, a folder
//                given as --corpus to every read and write verb: refused, left byte for byte; and a
//                corpus of another tree named from inside this one: refused before either is written
//   damage       a page flipped where no write verb reads first: each write verb stops before it
//                writes (outside a tree) or moves the file aside untouched and rebuilds (inside)
//   odd-names    non-UTF-8, newline, control and bidi names, a link and a FIFO under parity/:
//                every verb answers, names each once, escaped, follows nothing, syncs the rest
//   --quick      a sixth of the kills, 6 s of concurrency, 1 s timeouts, smaller attacks: CI
//
// Exit 0 when every promise held, 1 when one broke (each named), 2 for bad usage.

import Foundation

struct Report {
    var name: String
    var figures: [String] = []
    var violations: [String] = []

    func print() {
        Swift.print("\(name): \(violations.isEmpty ? "holds" : "FAILS")")
        for figure in figures { Swift.print("  " + figure) }
        for violation in violations { Swift.print("  broken: " + violation) }
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}
let quick = arguments.contains("--quick")
arguments.removeAll { $0 == "--quick" }
let bin = option("--bin").map { URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let givenWork = option("--work")
let work = givenWork.map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("duet-reliability-\(getpid())")
let targetName = option("--target")
let concurrencySeconds = option("--seconds").flatMap(Double.init) ?? (quick ? 6 : 30)
let timeout = option("--timeout").flatMap(Double.init) ?? (quick ? 1 : 2)
let driver = arguments.first ?? "all"
let drivers = ["kill", "concurrency", "runners", "sandbox", "seeds", "mcp", "failures", "foreign", "damage", "odd-names", "all"]
guard drivers.contains(driver), arguments.count <= 1 else {
    FileHandle.standardError.write(Data("usage: duet-reliability [--quick] [\(drivers.joined(separator: "|"))] [--target NAME] [--seconds S] [--timeout S] [--bin DIR] [--work DIR]\n".utf8))
    exit(2)
}

let started = Date()
var reports: [Report] = []
do {
    let tools = try Workspace(bin: bin, root: work)
    defer { if givenWork == nil { try? FileManager.default.removeItem(at: work) } }
    print("duet-reliability\(quick ? " --quick" : ""): \(tools.duet)")
    if driver == "kill" || driver == "all" {
        let targets = KillTarget.all.filter { targetName == nil || $0.name == targetName }
        guard !targets.isEmpty else { throw DriverFailure("no kill target named \(targetName ?? ""); targets: \(KillTarget.all.map(\.name))") }
        for target in targets {
            let report = try KillDriver(tools: tools, quick: quick).run(target)
            report.print()
            reports.append(report)
        }
    }
    if driver == "concurrency" || driver == "all" {
        for report in try ConcurrencyDriver(tools: tools, seconds: concurrencySeconds).run() {
            report.print()
            reports.append(report)
        }
    }
    if driver == "runners" || driver == "all" {
        let report = try RunnerMatrix(tools: tools, timeout: timeout).run()
        report.print()
        reports.append(report)
    }
    let attacks: [(String, () throws -> Report)] = [
        ("sandbox", { try SandboxDriver(tools: tools, quick: quick).run() }),
        ("seeds", { try SeedDriver(tools: tools, quick: quick).run() }),
        ("mcp", { try MCPDriver(tools: tools, quick: quick).run() }),
        ("failures", { try FailureDriver(tools: tools, quick: quick).run() }),
        ("foreign", { try ForeignCorpusDriver(tools: tools, quick: quick).run() }),
        ("damage", { try DamageDriver(tools: tools, quick: quick).run() }),
        ("odd-names", { try OddNamesDriver(tools: tools, quick: quick).run() }),
    ]
    for (name, attack) in attacks where driver == name || driver == "all" {
        let report = try attack()
        report.print()
        reports.append(report)
    }
} catch {
    print("duet-reliability: cannot run: \(error)")
    exit(2)
}
let broken = reports.filter { !$0.violations.isEmpty }
print("duet-reliability: \(reports.count - broken.count) of \(reports.count) held in \(duration(Date().timeIntervalSince(started)))")
exit(broken.isEmpty ? 0 : 1)
