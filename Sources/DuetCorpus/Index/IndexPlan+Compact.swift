import Duet

/// The same readings as `IndexPlan.kinds(in:)` / `islandSummaries(in:)`, taken straight from a
/// snapshot's compact canonical bytes (no tree). Anything the bytes cannot answer exactly as the
/// tree would (a UUID-shaped case name or key) throws `CompactScanner.NeedsTree`.
extension IndexRows.SnapshotReading {
    /// `members`: the state's own members when the caller already read them.
    init(plan: IndexPlan, step: Int?, state: Range<Int>, members: CompactScanner.Members? = nil,
         in scanner: CompactScanner) throws(CompactScanner.NeedsTree) {
        self.step = step
        // The state's own members, read in one pass: every field lookup starts from them.
        let top = members ?? (scanner.isObject(state) ? scanner.members(ofObjectAt: state.lowerBound).members : [])
        kinds = []
        kinds.reserveCapacity(plan.l0.count)
        // Each L0 and island value as found, so the spine is written from them without looking again.
        var found = [Range<Int>?](repeating: nil, count: plan.l0.count + plan.islands.count)
        for (position, field) in plan.l0.enumerated() {
            let value = try Self.lookup(state, top, field.keys, in: scanner)
            found[position] = value
            var entries: [IndexPlan.KindEntry] = []
            if field.primitive == .path, let value, scanner.isArray(value) {
                var depth = 0
                try scanner.forEachElement(of: value) { (item) throws(CompactScanner.NeedsTree) in
                    depth += 1
                    if let name = try Self.caseName(item, in: scanner) {
                        entries.append(IndexPlan.KindEntry(depth: depth, kind: plan.kindID(field.primitive, name)))
                    }
                }
            } else if let value, let name = try Self.caseName(value, in: scanner) {
                entries.append(IndexPlan.KindEntry(depth: 0, kind: plan.kindID(field.primitive, name)))
            }
            kinds.append(IndexPlan.FieldKinds(field: field.field, primitive: field.primitive, entries: entries))
        }
        islands = []
        for (position, island) in plan.islands.enumerated() {
            guard let value = try Self.lookup(state, top, island.keys, in: scanner) else { continue }
            found[plan.l0.count + position] = value
            islands.append(Island(field: island.field, island: island.island, summary: Array(scanner.p[value])))
        }
        spine = CanonicalBlob(bytes: plan.spine.write { index, out in
            guard let value = found[plan.spineSources[index]] else { return false }
            out.append(contentsOf: scanner.p[value])
            return true
        })
    }

    private static let caseKey = Array("case".utf8)

    /// `IndexPlan.caseName` on bytes.
    private static func caseName(_ value: Range<Int>, in scanner: CompactScanner) throws(CompactScanner.NeedsTree) -> String? {
        if scanner.isString(value) { return try scanner.string(value) }
        guard scanner.isObject(value), let name = scanner.member(caseKey, of: value) else { return nil }
        return try scanner.string(name)
    }

    /// `IndexPlan.lookup` on bytes: nil when a component is missing or the value is null.
    private static func lookup(_ state: Range<Int>, _ top: CompactScanner.Members, _ keys: [[UInt8]],
                               in scanner: CompactScanner) throws(CompactScanner.NeedsTree) -> Range<Int>? {
        var current: Range<Int>? = keys.isEmpty ? state : nil
        for key in keys {
            // Written keys equal decoded ones unless escaped or UUID-shaped (lowercased): leave those to the tree.
            guard key.count != 36, !key.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
                throw CompactScanner.NeedsTree()
            }
            if let outer = current {
                guard let next = scanner.member(key, of: outer) else { return nil }
                current = next
            } else {
                guard let member = top.first(where: { scanner.equals($0.key, key) }) else { return nil }
                current = member.value
            }
        }
        guard let current else { return nil }
        return scanner.isNull(current) ? nil : current
    }
}
