/// A line diff in the unified format (`diff -u`): `-` lines only in the old text, `+` only in the
/// new, hunks with `context` lines around each change. Myers' O((N+M)·D) shortest edit script.
///
/// ```swift
/// let diff = UnifiedDiff(old: stored.prettyString, new: recorded.prettyString)
/// diff.render(oldName: "parity/fixtures/x.fixture.json", newName: "recorded", colour: false)
/// ```
struct UnifiedDiff {
    enum Line: Equatable { case same(String), removed(String), added(String) }

    struct Hunk: Equatable {
        var oldStart: Int, oldCount: Int, newStart: Int, newCount: Int
        var lines: [Line]
    }

    let hunks: [Hunk]
    var isEmpty: Bool { hunks.isEmpty }

    init(old: String, new: String, context: Int = 3) {
        let a = Self.lines(old), b = Self.lines(new)
        hunks = Self.group(Self.edits(a, b), context: context)
    }

    func render(oldName: String, newName: String, colour: Bool) -> String {
        guard !isEmpty else { return "" }
        func paint(_ code: String, _ text: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var out = paint("1", "--- \(oldName)") + "\n" + paint("1", "+++ \(newName)") + "\n"
        for hunk in hunks {
            out += paint("36", "@@ -\(hunk.oldStart),\(hunk.oldCount) +\(hunk.newStart),\(hunk.newCount) @@") + "\n"
            for line in hunk.lines {
                switch line {
                case .same(let text): out += " " + text + "\n"
                case .removed(let text): out += paint("31", "-" + text) + "\n"
                case .added(let text): out += paint("32", "+" + text) + "\n"
                }
            }
        }
        return out
    }

    // MARK: - Private

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The shortest edit script from `a` to `b`, as a sequence of lines.
    private static func edits(_ a: [String], _ b: [String]) -> [Line] {
        let n = a.count, m = b.count, max = n + m
        guard max > 0 else { return [] }
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        search: for d in 0...max {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? v[max + k + 1] : v[max + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[max + k] = x
                if x >= n && y >= m { break search }
            }
        }
        // Walk the trace back from the end, collecting the path.
        var result: [Line] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d], k = x - y
            let previousK = (k == -d || (k != d && v[max + k - 1] < v[max + k + 1])) ? k + 1 : k - 1
            let previousX = v[max + previousK], previousY = previousX - previousK
            while x > previousX && y > previousY { result.append(.same(a[x - 1])); x -= 1; y -= 1 }
            if d > 0 {
                if x == previousX { result.append(.added(b[y - 1])) } else { result.append(.removed(a[x - 1])) }
            }
            x = previousX; y = previousY
        }
        return result.reversed()
    }

    private static func group(_ edits: [Line], context: Int) -> [Hunk] {
        let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return [] }
        // Ranges of edits to show: each change with its context, merged when they touch.
        var ranges: [ClosedRange<Int>] = []
        for index in changed {
            let range = Swift.max(0, index - context)...Swift.min(edits.count - 1, index + context)
            if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...Swift.max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        // Line numbers (1-based) at the start of each edit.
        var oldLine = [Int](), newLine = [Int]()
        var o = 1, n = 1
        for edit in edits {
            oldLine.append(o); newLine.append(n)
            switch edit {
            case .same: o += 1; n += 1
            case .removed: o += 1
            case .added: n += 1
            }
        }
        return ranges.map { range in
            let lines = Array(edits[range])
            let oldCount = lines.count { if case .added = $0 { return false } else { return true } }
            let newCount = lines.count { if case .removed = $0 { return false } else { return true } }
            return Hunk(oldStart: oldCount == 0 ? oldLine[range.lowerBound] - 1 : oldLine[range.lowerBound], oldCount: oldCount,
                        newStart: newCount == 0 ? newLine[range.lowerBound] - 1 : newLine[range.lowerBound], newCount: newCount,
                        lines: lines)
        }
    }
}
