/// duet's own layered layout of a map, left to right (for when Graphviz is not installed): cycles
/// broken by a depth-first search from the states fixtures start in, states ranked by longest path,
/// every edge given a label slot in the column between its ends, columns ordered by barycentre
/// sweeps, rows placed by isotonic regression towards the neighbours. Integer coordinates, no
/// randomness: the same graph gives the same picture.
struct MapLayout: Equatable {
    struct Point: Equatable { var x: Int; var y: Int }
    struct Box: Equatable { var x: Int; var y: Int; var width: Int; var height: Int }
    struct Route: Equatable {
        /// From the source's border to the target's, through the columns between.
        var points: [Point]
        /// Centre of the label's baseline.
        var label: Point
        var loop: Bool
    }

    var width: Int
    var height: Int
    /// By index of the graph's nodes and edges.
    var nodes: [Box]
    var edges: [Route]

    static let fontSize = 12
    static let nodeHeight = 28
    static let portSpacing = 7
    static let labelHeight = 16
    static let margin = 16
    static let columnGap = 26

    /// A vertex of the layered graph: a state, or a slot an edge passes through (its label's, or a bend).
    private struct Vertex { var width: Int; var height: Int; var node: Int?; var edge: Int?; var carriesLabel: Bool }

    init(_ graph: MapGraph) {
        let count = graph.nodes.count
        let index = Dictionary(graph.nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let ends = graph.edges.map { (index[$0.from] ?? 0, index[$0.to] ?? 0) }
        let ranks = Self.ranks(count: count, ends: ends, starts: graph.nodes.map(\.start))

        // Layers: states at even columns, edge slots between them. A state with many edges on one
        // side is drawn taller, so each edge meets it at its own port.
        var sides = [(left: Int, right: Int)](repeating: (0, 0), count: count)
        for (from, to) in ends where from != to {
            let (left, right) = ranks[from] <= ranks[to] ? (from, to) : (to, from)
            sides[left].right += 1
            sides[right].left += 1
        }
        var vertices: [Vertex] = graph.nodes.indices.map { node in
            let ports = max(sides[node].left, sides[node].right)
            return Vertex(width: TextMetrics.width(graph.nodes[node].label, size: Self.fontSize) + 20,
                          height: min(Self.nodeHeight * 5, max(Self.nodeHeight, ports * Self.portSpacing + 8)), node: nil, edge: nil, carriesLabel: false)
        }
        for i in vertices.indices { vertices[i].node = i }
        let columns = 2 * (ranks.max() ?? 0) + 1
        var layers = [[Int]](repeating: [], count: columns)
        for node in 0..<count { layers[2 * ranks[node]].append(node) }
        var chains = [[Int]](repeating: [], count: graph.edges.count)   // vertices from the left end to the right end
        var links: [(Int, Int)] = []                                       // vertex pairs in adjacent columns
        for (edge, (from, to)) in ends.enumerated() where from != to {
            let (left, right) = ranks[from] <= ranks[to] ? (from, to) : (to, from)
            var previous = left
            chains[edge] = [left]
            // Ranks differ across every edge that is not a loop: back edges point at an ancestor.
            for column in (2 * ranks[left] + 1)...(2 * ranks[right] - 1) {
                let labelled = column == 2 * ranks[left] + 1
                let width = labelled ? TextMetrics.width(graph.edges[edge].label, size: Self.fontSize) + 8 : 8
                vertices.append(Vertex(width: width, height: labelled ? Self.labelHeight + 4 : 6, node: nil, edge: edge, carriesLabel: labelled))
                let vertex = vertices.count - 1
                layers[column].append(vertex)
                links.append((previous, vertex))
                chains[edge].append(vertex)
                previous = vertex
            }
            links.append((previous, right))
            chains[edge].append(right)
        }
        Self.order(&layers, links: links)
        let rows = Self.rows(layers, vertices: vertices, links: links)
        let (xs, width) = Self.columnPositions(layers, vertices: vertices)

        var nodes = [Box](repeating: Box(x: 0, y: 0, width: 0, height: 0), count: count)
        var boxes = [Box](repeating: Box(x: 0, y: 0, width: 0, height: 0), count: vertices.count)
        for (column, layer) in layers.enumerated() {
            for vertex in layer {
                let v = vertices[vertex]
                let box = Box(x: xs[column].center - v.width / 2, y: rows[vertex] - v.height / 2, width: v.width, height: v.height)
                boxes[vertex] = box
                if let node = v.node { nodes[node] = box }
            }
        }
        let loopRoom = ends.contains { $0.0 == $0.1 } ? 30 : 0                // loops are drawn above their state
        let top = (boxes.map(\.y).min() ?? 0) - Self.margin - loopRoom
        for i in boxes.indices { boxes[i].y -= top }
        for i in nodes.indices { nodes[i].y -= top }
        self.nodes = nodes
        self.width = width
        self.height = (boxes.map { $0.y + $0.height }.max() ?? 0) + Self.margin
        let ports = Self.ports(chains: chains, boxes: boxes, count: count)
        self.edges = graph.edges.indices.map { edge in
            let (from, to) = ends[edge]
            if from == to { return Self.loop(around: nodes[from]) }
            return Self.route(chain: chains[edge], ports: ports[edge], boxes: boxes, vertices: vertices, reversed: ranks[from] > ranks[to])
        }
    }

    /// Where each edge meets its two states: along the state's side, in the order of the vertices
    /// next to it, so edges fan out instead of meeting in one point.
    private static func ports(chains: [[Int]], boxes: [Box], count: Int) -> [(left: Int, right: Int)] {
        var attached: [Int: [(edge: Int, leftEnd: Bool, neighbourY: Int)]] = [:]   // key: node * 2 + (1 for its right side)
        for (edge, chain) in chains.enumerated() where chain.count >= 2 {
            let left = chain[0], right = chain[chain.count - 1]
            attached[left * 2 + 1, default: []].append((edge, true, boxes[chain[1]].y + boxes[chain[1]].height / 2))
            attached[right * 2, default: []].append((edge, false, boxes[chain[chain.count - 2]].y + boxes[chain[chain.count - 2]].height / 2))
        }
        var out = [(left: Int, right: Int)](repeating: (0, 0), count: chains.count)
        for key in attached.keys.sorted() {
            let box = boxes[key / 2]
            let sorted = attached[key]!.sorted { ($0.neighbourY, $0.edge) < ($1.neighbourY, $1.edge) }
            for (index, port) in sorted.enumerated() {
                let y = box.y + (index + 1) * box.height / (sorted.count + 1)
                if port.leftEnd { out[port.edge].left = y } else { out[port.edge].right = y }
            }
        }
        return out
    }

    // MARK: - Ranking

    /// Longest-path ranks over the graph with its back edges (found from the start states) reversed.
    private static func ranks(count: Int, ends: [(Int, Int)], starts: [Bool]) -> [Int] {
        var out = [[Int]](repeating: [], count: count)
        for (from, to) in ends where from != to { out[from].append(to) }
        for i in out.indices { out[i] = Array(Set(out[i])).sorted() }
        var state = [Int](repeating: 0, count: count), finished: [Int] = []
        var forward = [[Int]](repeating: [], count: count)
        let roots = (0..<count).sorted { (starts[$0] ? 0 : 1, $0) < (starts[$1] ? 0 : 1, $1) }
        for root in roots where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                if top.next < out[top.node].count {
                    stack[stack.count - 1].next += 1
                    let target = out[top.node][top.next]
                    if state[target] == 1 { continue }                     // a back edge: left out of the ranking
                    forward[top.node].append(target)
                    if state[target] == 0 { state[target] = 1; stack.append((target, 0)) }
                } else {
                    state[top.node] = 2
                    finished.append(top.node)
                    stack.removeLast()
                }
            }
        }
        var rank = [Int](repeating: 0, count: count)
        for node in finished.reversed() { for target in forward[node] { rank[target] = max(rank[target], rank[node] + 1) } }
        return rank
    }

    // MARK: - Ordering

    /// Barycentre sweeps down and up the columns, keeping the order with the fewest crossings.
    private static func order(_ layers: inout [[Int]], links: [(Int, Int)]) {
        var left: [Int: [Int]] = [:], right: [Int: [Int]] = [:]
        for (a, b) in links { right[a, default: []].append(b); left[b, default: []].append(a) }
        func crossings(_ layers: [[Int]]) -> Int {
            var position: [Int: Int] = [:]
            for layer in layers { for (i, v) in layer.enumerated() { position[v] = i } }
            var total = 0
            for layer in layers {
                let pairs = layer.flatMap { a in (right[a] ?? []).map { (position[a]!, position[$0]!) } }
                for i in pairs.indices { for j in pairs.indices where j > i {
                    if (pairs[i].0 - pairs[j].0) * (pairs[i].1 - pairs[j].1) < 0 { total += 1 }
                } }
            }
            return total
        }
        var best = layers, fewest = crossings(layers)
        for pass in 0..<12 {
            let downwards = pass % 2 == 0
            let sequence = downwards ? Array(layers.indices.dropFirst()) : Array(layers.indices.dropLast().reversed())
            for column in sequence {
                let neighbourLayer = layers[downwards ? column - 1 : column + 1]
                let position = Dictionary(neighbourLayer.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
                let current = Dictionary(layers[column].enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
                func barycentre(_ v: Int) -> Double {
                    let neighbours = (downwards ? left[v] : right[v])?.compactMap { position[$0] } ?? []
                    guard !neighbours.isEmpty else { return Double(current[v]!) * Double(max(1, neighbourLayer.count)) / Double(max(1, layers[column].count)) }
                    return Double(neighbours.reduce(0, +)) / Double(neighbours.count)
                }
                let keyed = layers[column].map { ($0, barycentre($0)) }
                layers[column] = keyed.sorted { ($0.1, current[$0.0]!) < ($1.1, current[$1.0]!) }.map(\.0)
            }
            let now = crossings(layers)
            if now < fewest { fewest = now; best = layers }
        }
        layers = best
    }

    // MARK: - Placement

    /// Vertical centre of every vertex: each column pulled towards its neighbours' centres, order and spacing kept.
    private static func rows(_ layers: [[Int]], vertices: [Vertex], links: [(Int, Int)]) -> [Int] {
        var neighbours = [[Int]](repeating: [], count: vertices.count)
        for (a, b) in links { neighbours[a].append(b); neighbours[b].append(a) }
        func gap(_ a: Int, _ b: Int) -> Double {
            let real = vertices[a].node != nil || vertices[b].node != nil || vertices[a].carriesLabel || vertices[b].carriesLabel
            return Double(vertices[a].height + vertices[b].height) / 2 + (real ? 12 : 4)
        }
        var y = [Double](repeating: 0, count: vertices.count)
        for layer in layers {
            var offset = 0.0
            for (i, v) in layer.enumerated() { if i > 0 { offset += gap(layer[i - 1], v) }; y[v] = offset }
        }
        for pass in 0..<10 {
            let sequence = pass % 2 == 0 ? Array(layers.indices) : Array(layers.indices.reversed())
            for column in sequence {
                let layer = layers[column]
                guard !layer.isEmpty else { continue }
                let desired = layer.map { v -> Double in
                    let around = neighbours[v]
                    return around.isEmpty ? y[v] : around.map { y[$0] }.reduce(0, +) / Double(around.count)
                }
                var offsets = [0.0]
                for i in layer.indices.dropFirst() { offsets.append(offsets[i - 1] + gap(layer[i - 1], layer[i])) }
                let placed = isotonic(zip(desired, offsets).map { $0 - $1 })
                for (i, v) in layer.enumerated() { y[v] = placed[i] + offsets[i] }
            }
        }
        return y.map { Int($0.rounded()) }
    }

    /// The nondecreasing sequence closest (least squares) to `values`: pool adjacent violators.
    private static func isotonic(_ values: [Double]) -> [Double] {
        var blocks: [(sum: Double, count: Int)] = []
        for value in values {
            blocks.append((value, 1))
            while blocks.count > 1, blocks[blocks.count - 2].sum / Double(blocks[blocks.count - 2].count) > blocks[blocks.count - 1].sum / Double(blocks[blocks.count - 1].count) {
                let last = blocks.removeLast()
                blocks[blocks.count - 1].sum += last.sum
                blocks[blocks.count - 1].count += last.count
            }
        }
        return blocks.flatMap { Array(repeating: $0.sum / Double($0.count), count: $0.count) }
    }

    private static func columnPositions(_ layers: [[Int]], vertices: [Vertex]) -> ([(center: Int, width: Int)], Int) {
        var x = margin
        var out: [(center: Int, width: Int)] = []
        for layer in layers {
            let width = layer.map { vertices[$0].width }.max() ?? 0
            out.append((x + width / 2, width))
            x += width + columnGap
        }
        return (out, x - columnGap + margin)
    }

    // MARK: - Routes

    private static func route(chain: [Int], ports: (left: Int, right: Int), boxes: [Box], vertices: [Vertex], reversed: Bool) -> Route {
        var points: [Point] = []
        var label = Point(x: 0, y: 0)
        for (position, vertex) in chain.enumerated() {
            let box = boxes[vertex]
            if vertices[vertex].node != nil {
                points.append(position == 0 ? Point(x: box.x + box.width, y: ports.left) : Point(x: box.x, y: ports.right))
            } else if vertices[vertex].carriesLabel {
                let line = box.y + box.height - 2
                points.append(Point(x: box.x, y: line))
                points.append(Point(x: box.x + box.width, y: line))
                label = Point(x: box.x + box.width / 2, y: line - 5)
            } else {
                points.append(Point(x: box.x + box.width / 2, y: box.y + box.height / 2))
            }
        }
        return Route(points: reversed ? points.reversed() : points, label: label, loop: false)
    }

    private static func loop(around box: Box) -> Route {
        let a = Point(x: box.x + box.width * 2 / 5, y: box.y), b = Point(x: box.x + box.width * 3 / 5, y: box.y)
        return Route(points: [a, b], label: Point(x: box.x + box.width / 2, y: box.y - 24), loop: true)
    }
}
