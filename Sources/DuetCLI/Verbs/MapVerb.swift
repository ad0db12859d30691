import Foundation
import Duet
import DuetCorpus

/// `duet map [FEATURE] [--format table|svg|dot|mermaid|json|csv|md] [--platform P] [--layout auto|dot|duet] [--out FILE]`
struct MapVerb: Verb {
    static let name = "map"
    static let summary = "Draw the navigation map: per feature, the L0 states its fixtures reach and the verbs between them; chains' seams between features."
    static let discussion = """
    Nodes are the distinct L0 states the feature's snapshots hold, named by the kind each field shows
    (tabs:profile · slot:inviteCode; (root) when no field shows one); a double border marks states
    fixtures start in. Edges are the action cases that move between them, weighted by the fixtures
    taking them; "← capture" names the feature whose seam delivers that action. Chain fixtures add a
    picture of the seams: a child's delegate case mapped onto its parent's action (solid), or the next
    step acting in another feature (dotted).
    Marks come from each platform's latest full verify run: with several platforms, a transition only
    one of them took is drawn orange, one no run showed dotted; a state divergence whose answer is
    stored adds the transition that platform took instead. --platform keeps only what that platform's
    run showed.
    SVG is laid out by Graphviz's dot when it is on PATH (--layout auto, the default), else by duet's
    own layered layout; a note on stderr says which. The same corpus gives the same bytes.
    --out FILE writes the map there (the format follows the extension when --format is not given:
    .svg, .dot/.gv, .mmd, .json, .md, .csv).

    Example:
      duet map mainnav --format svg --out mainnav.svg
      duet map --format json
      duet map capture --platform kotlin
    """
    static let options: [OptionSpec] = [
        .positional("FEATURE", help: "Only this feature's map (and the seams touching it)."),
        .value("--format", placeholder: "FORMAT", help: "table (default), svg, dot, mermaid, json, csv or md."),
        .value("--platform", placeholder: "PLATFORM", help: "Only what this platform's latest full verify run showed."),
        .value("--layout", placeholder: "LAYOUT", help: "SVG layout: auto (dot when installed, the default), dot or duet."),
        .value("--out", placeholder: "FILE", help: "Write the map to FILE instead of standard output."),
    ]

    enum Format: String, CaseIterable { case table, svg, dot, mermaid, json, csv, md }

    let feature: String?
    let format: Format
    let platform: String?
    let layout: MapDrawer.Engine
    let out: String?

    init(arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count <= 1 else { throw UsageError("expected at most one FEATURE, got '\(arguments.positionals.joined(separator: " "))'") }
        feature = arguments.positionals.first
        platform = arguments.value("--platform")
        out = arguments.value("--out")
        layout = try arguments.choice("--layout", as: .choice("layout"), default: MapDrawer.Engine.auto)
        if let raw = arguments.value("--format") {
            format = Format(rawValue: try NameResolver.resolve(raw, as: .format, among: Format.allCases.map(\.rawValue)))!
        } else {
            format = out.flatMap(Self.format(forFile:)) ?? .table
        }
    }

    static func format(forFile path: String) -> Format? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "svg": return .svg
        case "dot", "gv": return .dot
        case "mmd", "mermaid": return .mermaid
        case "json": return .json
        case "md": return .md
        case "csv": return .csv
        default: return nil
        }
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let map = try context.corpus(for: .reading).navigationMap(feature: try context.resolveFeature(feature),
                                                         platform: try platform.map(context.resolvePlatform))
        if map.features.isEmpty {
            context.note("duet map: nothing to draw — no feature has an L0 field (record through a runner, or declare structure: in parity/manifest.yaml)")
        } else if map.runs.isEmpty {
            context.note("duet map: no full verify run is stored, so no platform marks (run `duet verify --platform all`)")
        }
        let bytes: [UInt8]
        switch format {
        case .json: bytes = try CanonicalEncoder().encode(map).prettyBytes
        case .dot: bytes = Array(MapDOT.render(map.graphs).utf8)
        case .mermaid: bytes = Array(MapMermaid.render(map.graphs).utf8)
        case .svg:
            let picture = try MapDrawer(engine: layout, path: context.environment["PATH"]).document(map.graphs, title: map.pictureTitle)
            context.note("duet map: laid out by \(picture.laidOutBy)")
            bytes = Array(picture.svg.utf8)
        case .table, .csv, .md:
            let rendered = ReportRenderer.render(Report(map.table), as: OutputFormat(rawValue: format.rawValue)!)
            bytes = Array(rendered.utf8)
        }
        guard let out else {
            context.write(bytes: bytes)
            return .holds
        }
        do {
            try AtomicFile.write(bytes, to: context.absolutePath(out))
        } catch {
            throw InputError(file: out, message: "cannot write the map: \(error)", fix: "check the folder exists and is writable")
        }
        context.note("duet map: wrote \(out)")
        return .holds
    }
}
