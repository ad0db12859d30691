import CYAML

extension YAMLNode {
    /// Limits that keep a hostile file from costing more than a moment and a few megabytes.
    public enum Limits {
        public static let bytes = 4 << 20
        public static let depth = 64
        public static let nodes = 100_000
    }

    public static func parse(_ text: String, file: String) throws(ManifestError) -> YAMLNode {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Reads exactly one YAML document from `bytes` with libyaml's event parser, building the
    /// tree as events arrive. Refused, each at its place: invalid UTF-8, anchors and aliases
    /// (an alias bomb stops at its first alias, before anything is expanded), tags, duplicate
    /// keys, non-scalar keys, a second document, and input beyond `Limits`. An empty file is an
    /// empty mapping.
    public static func parse(bytes: [UInt8], file: String) throws(ManifestError) -> YAMLNode {
        if bytes.count > Limits.bytes {
            throw ManifestError(file: file, line: 1, column: 1, message: "the file is \(bytes.count) bytes; a manifest is at most \(Limits.bytes)",
                            fix: "this is not a manifest; check the path")
        }
        if let offset = firstInvalidUTF8(bytes) {
            let (line, column) = position(of: offset, in: bytes)
            throw ManifestError(file: file, line: line, column: column, message: "invalid UTF-8 (byte 0x\(String(bytes[offset], radix: 16)))",
                            fix: "save the file as UTF-8")
        }
        var builder = TreeBuilder(file: file)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw ManifestError(file: file, line: 1, column: 1, message: "libyaml could not start")
        }
        defer { yaml_parser_delete(&parser) }
        try bytes.withUnsafeBufferPointer { (buffer) throws(ManifestError) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let mark = parser.problem_mark
                    let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
                    let context = parser.context.map { " " + String(cString: $0) } ?? ""
                    throw ManifestError(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1, message: problem + context,
                                    fix: "fix the YAML syntax at this place")
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { break }
                try builder.take(event)
            }
        }
        return builder.root ?? .mapping([], Mark(line: 1, column: 1))
    }

    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}

/// Turns libyaml events into a `YAMLNode` tree, refusing what the manifest grammar has no use for.
private struct TreeBuilder {
    enum Open {
        case sequence([YAMLNode], YAMLNode.Mark)
        case mapping([YAMLNode.Pair], YAMLNode.Mark, pendingKey: (String, YAMLNode.Mark)?)
    }

    let file: String
    var stack: [Open] = []
    var root: YAMLNode?
    var documents = 0
    var nodes = 0

    func refuse(_ mark: yaml_mark_t, _ message: String, _ fix: String) -> ManifestError {
        ManifestError(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1, message: message, fix: fix)
    }

    mutating func take(_ event: yaml_event_t) throws(ManifestError) {
        let start = event.start_mark
        let mark = YAMLNode.Mark(line: Int(start.line) + 1, column: Int(start.column) + 1)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw refuse(start, "a second YAML document", "a manifest is one document: remove the '---' and what follows, or merge it into the first")
            }
        case YAML_ALIAS_EVENT:
            throw refuse(start, "aliases (*name) are not part of the manifest grammar", "write the value out in full")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            try plain(anchor: scalar.anchor, tag: scalar.tag, at: start)
            let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            try add(.scalar(value, mark, quoted: scalar.style != YAML_PLAIN_SCALAR_STYLE), at: start)
        case YAML_SEQUENCE_START_EVENT:
            try plain(anchor: event.data.sequence_start.anchor, tag: event.data.sequence_start.tag, at: start)
            try open(.sequence([], mark), at: start)
        case YAML_MAPPING_START_EVENT:
            try plain(anchor: event.data.mapping_start.anchor, tag: event.data.mapping_start.tag, at: start)
            try open(.mapping([], mark, pendingKey: nil), at: start)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let closed = stack.popLast() else { return }
            switch closed {
            case .sequence(let items, let mark): try add(.sequence(items, mark), at: start)
            case .mapping(let pairs, let mark, _): try add(.mapping(pairs, mark), at: start)
            }
        default:
            break
        }
    }

    private func plain(anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?, at mark: yaml_mark_t) throws(ManifestError) {
        if let anchor {
            throw refuse(mark, "anchors (&\(String(cString: anchor))) are not part of the manifest grammar", "remove the anchor and write values out in full")
        }
        if let tag {
            throw refuse(mark, "tags (\(String(cString: tag))) are not part of the manifest grammar", "remove the tag; every value is read as text")
        }
    }

    private mutating func open(_ container: Open, at mark: yaml_mark_t) throws(ManifestError) {
        if stack.count >= YAMLNode.Limits.depth {
            throw refuse(mark, "nesting deeper than \(YAMLNode.Limits.depth) levels", "a manifest is a few levels deep; check the indentation")
        }
        if case .mapping(_, _, nil) = stack.last {   // a collection where a key belongs
            throw refuse(mark, "mapping keys must be plain scalars", "write the key as text")
        }
        stack.append(container)
    }

    private mutating func add(_ node: YAMLNode, at mark: yaml_mark_t) throws(ManifestError) {
        nodes += 1
        if nodes > YAMLNode.Limits.nodes {
            throw refuse(mark, "more than \(YAMLNode.Limits.nodes) values", "a manifest is far smaller; check the file")
        }
        guard let top = stack.popLast() else { root = node; return }
        switch top {
        case .sequence(var items, let m):
            items.append(node)
            stack.append(.sequence(items, m))
        case .mapping(var pairs, let m, let pendingKey):
            if let (key, keyMark) = pendingKey {
                pairs.append(YAMLNode.Pair(key: key, keyMark: keyMark, value: node))
                stack.append(.mapping(pairs, m, pendingKey: nil))
                return
            }
            guard case .scalar(let key, let keyMark, _) = node else {
                throw refuse(mark, "mapping keys must be plain scalars", "write the key as text")
            }
            if let earlier = pairs.first(where: { $0.key == key }) {
                throw ManifestError(file: file, line: keyMark.line, column: keyMark.column,
                                message: "duplicate key '\(key)' (first at line \(earlier.keyMark.line))",
                                fix: "keep one '\(key):' and merge the two")
            }
            stack.append(.mapping(pairs, m, pendingKey: (key, keyMark)))
        }
    }
}
