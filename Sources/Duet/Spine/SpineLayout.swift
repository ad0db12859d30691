/// Which parts of a feature's state its **spine** holds — the L0 fields (`path`, `slot`, `tabs`,
/// `stage`, nested ones too) and every island's boundary summary, nothing else — and how they are
/// written: one canonical object, nested exactly as in the state, absent and `null` values left out,
/// objects left empty by that left out too.
///
/// Flavor-neutral: built from a feature's described structure, it projects any flavor's canonical
/// state the same way. `write` is the projection itself; `spine(of:)` and `spine(ofCanonical:)`
/// feed it from a tree or from bytes, and the corpus feeds it from its compact scanner.
///
/// ```swift
/// let layout = SpineLayout(structure: try describe(Timeline.self))
/// layout.fields.map(\.path)                                   // ["path", "sheet"]
/// String(decoding: layout.spine(of: state), as: UTF8.self)    // {"path":[…]}
/// ```
public struct SpineLayout: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        /// Dotted, as `describe` names it: `form.sheet`.
        public var path: String
        public var components: [String]
        /// A primitive or an island, never `data`.
        public var role: Role
        public var isIsland: Bool { role.islandID != nil }
    }

    /// The spine's fields in the order they are written (canonical key order, depth first).
    public let fields: [Field]
    /// Spine fields declared inside an island's summary (written as part of it): islands own no L0
    /// children, so each of these breaks the island rule.
    public let insideIslands: [(field: Field, island: Field)]
    private let program: [Instruction]

    private enum Instruction: Sendable, Equatable {
        /// Opens a nested object under a key (its bytes: `"key":`).
        case open([UInt8])
        /// Writes field `index` under a key.
        case field(Int, [UInt8])
        case close
    }

    /// `roles`: field path → role, as `structure_fields` or `FeatureStructure.fields` hold them.
    public init(roles: [(path: String, role: Role)]) {
        var candidates = roles.filter { $0.role != .data }
            .map { Field(path: $0.path, components: $0.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init), role: $0.role) }
        candidates.sort { Self.precedes($0.components, $1.components) }
        var kept: [Field] = [], inside: [(Field, Field)] = []
        for candidate in candidates {
            // A field under another spine field is written as part of that field's value.
            if let outer = kept.first(where: { Self.isPrefix($0.components, of: candidate.components) }) {
                if outer.isIsland { inside.append((candidate, outer)) }
                continue
            }
            if kept.contains(where: { $0.components == candidate.components }) { continue }
            kept.append(candidate)
        }
        fields = kept
        insideIslands = inside
        program = Self.compile(kept)
    }

    public init(structure: FeatureStructure) {
        self.init(roles: structure.fields.map { ($0.path, $0.role) })
    }

    /// True when the feature has no L0 field and no island: its spine is `{}` in every state.
    public var isEmpty: Bool { fields.isEmpty }

    public static func == (a: SpineLayout, b: SpineLayout) -> Bool { a.fields == b.fields && a.program == b.program }

    // MARK: - The projection

    /// The spine's canonical bytes. `append` writes field `index`'s compact canonical value into
    /// `out` and returns true, or returns false (writing nothing) when the state has no value there.
    public func write(_ append: (_ field: Int, _ out: inout [UInt8]) throws -> Bool) rethrows -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(64)
        // Per open object: where its member started (for a roll-back) and whether it has one yet.
        var starts: [Int] = []
        var empty: [Bool] = [true]
        for instruction in program {
            switch instruction {
            case .open(let key):
                starts.append(out.count)
                if !empty[empty.count - 1] { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: key)
                out.append(UInt8(ascii: "{"))
                empty.append(true)
            case .field(let index, let key):
                let mark = out.count
                if !empty[empty.count - 1] { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: key)
                if try append(index, &out) { empty[empty.count - 1] = false } else { out.removeSubrange(mark...) }
            case .close:
                let start = starts.removeLast()
                if empty.removeLast() {
                    out.removeSubrange(start...)
                } else {
                    out.append(UInt8(ascii: "}"))
                    empty[empty.count - 1] = false
                }
            }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    // MARK: - Building

    /// Nested objects for shared leading components, members in canonical (UTF-8 byte) key order.
    private static func compile(_ fields: [Field]) -> [Instruction] {
        var program: [Instruction] = []
        func emit(_ indices: [Int], depth: Int) {
            var position = 0
            while position < indices.count {
                let key = fields[indices[position]].components[depth]
                var group: [Int] = []
                while position < indices.count, fields[indices[position]].components[depth] == key {
                    group.append(indices[position]); position += 1
                }
                let keyBytes = JSONValue.string(key).canonicalBytes + [UInt8(ascii: ":")]
                if group.count == 1, fields[group[0]].components.count == depth + 1 {
                    program.append(.field(group[0], keyBytes))
                } else {
                    program.append(.open(keyBytes))
                    emit(group, depth: depth + 1)
                    program.append(.close)
                }
            }
        }
        emit(Array(fields.indices), depth: 0)
        return program
    }

    /// Component-wise, each component in canonical key order (the order the spine is written in).
    static func precedes(_ a: [String], _ b: [String]) -> Bool {
        for (x, y) in zip(a, b) {
            let c = ScalarOrder.compare(ScalarOrder.normalized(x), ScalarOrder.normalized(y))
            if c != 0 { return c < 0 }
        }
        return a.count < b.count
    }

    static func isPrefix(_ a: [String], of b: [String]) -> Bool { a.count < b.count && Array(b.prefix(a.count)) == a }
}
