import XCTest
@testable import DuetCLI

final class UnifiedDiffTests: XCTestCase {
    /// Applies a diff's hunks to `old`; the result must be `new`.
    private func apply(_ diff: UnifiedDiff, to old: String) -> [String] {
        var lines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var result: [String] = [], next = 0
        for hunk in diff.hunks {
            let start = hunk.oldCount == 0 ? hunk.oldStart : hunk.oldStart - 1
            result += lines[next..<start]
            next = start
            for line in hunk.lines {
                switch line {
                case .same(let text): XCTAssertEqual(lines[next], text); result.append(text); next += 1
                case .removed(let text): XCTAssertEqual(lines[next], text); next += 1
                case .added(let text): result.append(text)
                }
            }
        }
        return result + lines[next...]
    }

    func testHunksRebuildTheNewTextAndKeepThreeLinesOfContext() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        var newLines = (1...20).map { "line \($0)" }
        newLines[4] = "changed 5"; newLines.insert("inserted", at: 15); newLines.remove(at: 19)
        let new = newLines.joined(separator: "\n") + "\n"
        let diff = UnifiedDiff(old: old, new: new)
        XCTAssertEqual(apply(diff, to: old), newLines)
        XCTAssertEqual(diff.hunks.first?.oldStart, 2)
        XCTAssertEqual(diff.hunks.first?.lines.first, .same("line 2"), "three lines of context before the change")
        XCTAssertEqual(diff.render(oldName: "a", newName: "b", colour: false).split(separator: "\n").first, "--- a")
    }

    func testRandomEditsAlwaysRebuildTheNewText() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let old = (0..<Int.random(in: 0...30, using: &generator)).map { _ in "l\(Int.random(in: 0...5, using: &generator))" }
            var new = old
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                switch Int.random(in: 0...2, using: &generator) {
                case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                case 1: new.insert("n\(Int.random(in: 0...5, using: &generator))", at: Int.random(in: 0...new.count, using: &generator))
                default: if !new.isEmpty { new[Int.random(in: 0..<new.count, using: &generator)] = "x" }
                }
            }
            let oldText = old.map { $0 + "\n" }.joined(), newText = new.map { $0 + "\n" }.joined()
            let diff = UnifiedDiff(old: oldText, new: newText)
            XCTAssertEqual(apply(diff, to: oldText), new, "\(old) → \(new)")
            XCTAssertEqual(diff.isEmpty, old == new)
        }
    }

    func testColourOnlyOnATerminalAndNeverWithNoColor() {
        let diff = UnifiedDiff(old: "a\n", new: "b\n")
        XCTAssertTrue(diff.render(oldName: "x", newName: "y", colour: true).contains("\u{1B}[31m-a"))
        XCTAssertFalse(diff.render(oldName: "x", newName: "y", colour: false).contains("\u{1B}["))
        func context(_ environment: [String: String], terminal: Bool) -> VerbContext {
            VerbContext(environment: environment, workingDirectory: "/", corpusOption: nil,
                        stdout: OutputSink(capturing: (), terminal: terminal), stderr: OutputSink(capturing: ()))
        }
        XCTAssertTrue(context([:], terminal: true).usesColour)
        XCTAssertFalse(context(["NO_COLOR": "1"], terminal: true).usesColour)
        XCTAssertFalse(context([:], terminal: false).usesColour)
    }
}
