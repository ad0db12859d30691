/// One step of a coding path; rendered as `steps[2].amount`.
enum PathComponent {
    case key(String)
    case index(Int)
}

/// The `CodingKey` handed to Codable code for paths, indices and `super` encoders.
struct DialectCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.stringValue = "\(intValue)"; self.intValue = intValue }
    init(_ component: PathComponent) {
        switch component {
        case .key(let k): self.init(stringValue: k)
        case .index(let i): self.init(intValue: i)
        }
    }
}

/// A node of a path kept as a parent chain, so nothing is built unless an error or
/// `codingPath` asks for it.
protocol PathNode: AnyObject {
    var parentNode: PathNode? { get }
    var component: PathComponent? { get }
}

extension PathNode {
    var components: [PathComponent] {
        var result: [PathComponent] = []
        var node: PathNode? = self
        while let n = node {
            if let c = n.component { result.append(c) }
            node = n.parentNode
        }
        return result.reversed()
    }

    var codingKeys: [CodingKey] { components.map { DialectCodingKey($0) } }

    func pathString(appending extra: PathComponent? = nil) -> String {
        var all = components
        if let extra { all.append(extra) }
        return Self.render(all)
    }

    static func render(_ components: [PathComponent]) -> String {
        var s = ""
        for c in components {
            switch c {
            case .key(let k): s += s.isEmpty ? k : ".\(k)"
            case .index(let i): s += "[\(i)]"
            }
        }
        return s
    }
}
