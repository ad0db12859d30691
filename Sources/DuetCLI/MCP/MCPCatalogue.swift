import Duet

/// The tools of `duet mcp`: the read verbs and the gates.
enum MCPCatalogue {
    static var all: [MCPTool] { [verify, drill, explore, census, coverage, queryTouches, queryKinds, querySQL, lint, pending, show, map, scope, doctor, explain] }

    static func tool(named name: String) -> MCPTool? { all.first { $0.name == name } }

    // MARK: - Schemas of results

    static func schema(_ type: String, _ properties: [String: JSONValue] = [:], items: JSONValue? = nil, description: String) -> JSONValue {
        var members: [String: JSONValue] = ["type": .string(type), "description": .string(description)]
        if !properties.isEmpty { members["properties"] = JSONRPC.object(properties) }
        if let items { members["items"] = items }
        return JSONRPC.object(members)
    }
    static let string = JSONRPC.object(["type": .string("string")])
    static let integer = JSONRPC.object(["type": .string("integer")])
    static let rows = JSONRPC.object(["type": .string("object")])
    static func array(_ items: JSONValue) -> JSONValue { JSONRPC.object(["type": .string("array"), "items": items]) }

    // MARK: - Tools

    static var verify: MCPTool { MCPTool(
        name: "verify", title: "Verify fixtures",
        description: "Replay every stored fixture through the platform runners and byte-compare each step's state and effects; "
            + "the run is stored. Each failing fixture names its step, label, action, first divergent JSON path and both fragments. "
            + "Runs the manifest's lint first. status holds only when every platform replayed every fixture. "
            + "Incremental: a fixture that passed with the same behaviour, runner build and describe is not replayed again "
            + "(each run says replayed, unchanged, unchangedSince and the runnerBuild that judged it); all replays everything.",
        verb: VerifyVerb.self,
        parameters: [
            .init(name: "platform", kind: .choice(["swift", "kotlin", "all"]), description: "swift (default), kotlin, or all (both, plus declaration parity)", option: "--platform"),
            .init(name: "feature", kind: .string, description: "only this feature's fixtures (and chains through it)", option: "--feature"),
            .init(name: "fixture", kind: .string, description: "only this fixture", option: "--fixture"),
            .init(name: "shard", kind: .string, description: "K/N: only the K-th of N step-balanced shards", option: "--shard"),
            .init(name: "jobs", kind: .integer, description: "runner processes per platform (1-64)", option: "--jobs"),
            .init(name: "all", kind: .boolean, description: "replay every fixture, also those that passed unchanged", option: "--all"),
        ],
        result: schema("object", [
            "fixtures": integer, "missingRunners": array(string),
            "runs": array(schema("object", ["platform": string, "status": string, "passed": integer, "failed": integer,
                                            "notRun": integer, "steps": integer, "results": array(rows), "replayed": integer,
                                            "unchanged": integer, "unchangedSince": integer, "runnerBuild": string],
                                 description: "one platform's run")),
        ], description: "the runs per platform, each fixture's result and failure"),
        readOnly: false) }

    static var drill: MCPTool { MCPTool(
        name: "drill", title: "Restore drill",
        description: "For every snapshot of every stored fixture, restore the full state from its spine (L0 fields and island "
            + "summaries) through the runner and check the spine survives, then replay the remaining actions from the restored "
            + "state and check every later spine (killed after step k, relaunched, the user goes on); the run is stored. Each "
            + "finding names fixture, step, node, rule, the first divergent JSON path and both fragments. Incremental as verify; "
            + "structure the corpus lacks is asked of the runner's describe.",
        verb: DrillRestoreVerb.self,
        parameters: [
            .init(name: "platform", kind: .choice(["swift", "kotlin", "all"]), description: "swift (default), kotlin or all", option: "--platform"),
            .init(name: "feature", kind: .string, description: "only this feature's fixtures (and chains through it)", option: "--feature"),
            .init(name: "fixture", kind: .string, description: "only this fixture", option: "--fixture"),
            .init(name: "shard", kind: .string, description: "K/N: only the K-th of N step-balanced shards", option: "--shard"),
            .init(name: "all", kind: .boolean, description: "drill every fixture, also those drilled clean unchanged", option: "--all"),
        ],
        result: schema("object", [
            "summary": schema("object", ["fixtures": integer, "snapshots": integer, "steps": integer, "findings": integer],
                              description: "what was drilled, summed over the platforms"),
            "findings": array(schema("object", ["fixture": string, "step": integer, "node": string, "rule": string, "path": string,
                                                "expected": string, "actual": string], description: "one finding")),
        ], description: "the drill's summary and findings"),
        readOnly: false) }

    static var census: MCPTool { MCPTool(
        name: "census", title: "Navigation census",
        description: "Count path, slot, tabs and stage fields per feature (declared and observed over the indexed snapshots), "
            + "and list navigation-shaped data fields with their rulings; findings when one has no ruling.",
        verb: CensusVerb.self,
        parameters: [.init(name: "manifest", kind: .file, description: "the manifest, a file inside the tree (default: the nearest parity/manifest.yaml)", option: "--manifest")],
        result: schema("object", ["features": array(rows), "candidates": array(rows)],
                       description: "features: per feature declared and observed counts (the last row is the total); candidates: fields that need a ruling")) }

    static var queryTouches: MCPTool { MCPTool(
        name: "query_touches", title: "Where a kind appears",
        description: "Every fixture and step range where a kind is present, with the verb (action case) that entered and left it. "
            + "kind is feature.primitive.case (capture.slot.camera), feature.case, or a bare case name.",
        verb: QueryTouchesVerb.self,
        parameters: [.init(name: "kind", kind: .string, description: "the kind, e.g. capture.slot.camera", required: true)],
        result: schema("array", items: rows, description: "one row per stretch: fixture, feature, kind, field, depth, entered, entered_by, left, left_by, snapshots")) }

    static var queryKinds: MCPTool { MCPTool(
        name: "query_kinds", title: "Kind coverage",
        description: "Every kind with how many fixtures and steps reach it; declared kinds no fixture reaches show 0 fixtures.",
        verb: QueryKindsVerb.self,
        parameters: [.init(name: "feature", kind: .string, description: "only this feature's kinds", option: "--feature")],
        result: schema("array", items: rows, description: "kind, feature, field, primitive, declared, reached, fixtures, steps")) }

    static var querySQL: MCPTool { MCPTool(
        name: "query_sql", title: "Read-only SQL",
        description: "One read-only SELECT over the corpus views (census, census_fields, kind_coverage, fixtures_by_kind, verbs, "
            + "transitions, fixture_snapshots, island_statistics, ledger, l0_fields, latest_results) on a read-only connection.",
        verb: QuerySQLVerb.self,
        parameters: [.init(name: "sql", kind: .string, description: "one SELECT statement", required: true)],
        result: schema("array", items: rows, description: "one object per row, keyed by column")) }

    static var lint: MCPTool { MCPTool(
        name: "lint", title: "Lint the manifest",
        description: "Check parity/manifest.yaml: grammar, ledger entries, rulings, paths, fixture symmetry and declaration parity; "
            + "each finding is FILE:LINE:COL, rule and fix.",
        verb: LintVerb.self,
        parameters: [
            .init(name: "manifest", kind: .file, description: "the manifest, a file inside the tree (default: the nearest parity/manifest.yaml)", option: "--manifest"),
            .init(name: "refresh", kind: .boolean, description: "ask each runner for a fresh describe first", option: "--refresh"),
        ],
        result: schema("object", ["status": string, "summary": string], description: "the lint report: status, summary, errors, findings, warnings"),
        readOnly: false) }

    static var pending: MCPTool { MCPTool(
        name: "pending", title: "Pending recordings",
        description: "Recordings waiting for review: new scenarios, and fixtures whose behaviour drifted (where it first differs).",
        verb: PendingVerb.self, parameters: [],
        result: schema("array", items: rows, description: "name, reason, feature, step, path, stored, recorded, recordedAt")) }

    static var show: MCPTool { MCPTool(
        name: "show", title: "Show a fixture",
        description: "One fixture step by step (action, effects, what changed in the state), or one step in full.",
        verb: ShowVerb.self,
        parameters: [
            .init(name: "fixture", kind: .string, description: "the fixture name (query_sql \"SELECT name FROM fixtures\" lists them)", required: true),
            .init(name: "step", kind: .integer, description: "one step, 0-based"),
        ],
        result: schema("object", ["fixture": string, "steps": array(rows)], description: "the fixture's steps"),
        positional: { arguments in
            guard let fixture = arguments["fixture"]?.stringValue else { return nil }
            return fixture + (arguments["step"]?.intValue.map { "#\($0)" } ?? "")
        }) }
}

extension MCPCatalogue {
    static var map: MCPTool { MCPTool(
        name: "map", title: "Navigation map",
        description: "Per feature, the distinct L0 states its fixtures reach (nodes named by their kinds, e.g. `tabs:profile · slot:inviteCode`) "
            + "and the action cases between them (edges, with the fixtures taking them and the platforms whose latest full verify run "
            + "took them); chain fixtures' seams between features. A transition no fixture records is a platform's divergence.",
        verb: MapVerb.self,
        parameters: [
            .init(name: "feature", kind: .string, description: "only this feature's map (and the seams touching it)"),
            .init(name: "platform", kind: .string, description: "only what this platform's latest full verify run showed", option: "--platform"),
        ],
        result: schema("object", [
            "features": array(schema("object", ["feature": string, "nodes": array(rows), "edges": array(rows)], description: "one feature's graph")),
            "seams": array(rows), "runs": array(rows),
        ], description: "the map: features with nodes (id, kinds, fixtures, starts, platforms) and edges (from, verb, to, fixtures, platforms), seams, runs")) }
}

extension MCPCatalogue {
    static var scope: MCPTool { MCPTool(
        name: "scope", title: "What governs a file",
        description: "For a file of the tree: the feature it belongs to, the gates that judge a change to it (with the command to run) "
            + "and the fixtures they replay; governed is false when no gate would notice a change. Recognises fixtures of record, pending "
            + "recordings, the manifest, the mutation plan, milestones, a feature's swift:/kotlin:/scenario: files and its folder, Kotlin twins, "
            + "the runner's target and files a mutation row changes.",
        verb: ScopeVerb.self,
        parameters: [.init(name: "path", kind: .file, description: "a file inside the tree, relative to its root", required: true)],
        result: schema("array", items: schema("object", ["path": string, "governed": JSONRPC.object(["type": .string("boolean")]),
                                                         "roles": array(rows), "gates": array(rows), "fixtures": array(string), "features": array(string)],
                                              description: "one file's scope"),
                       description: "one entry per path")) }

    static var doctor: MCPTool { MCPTool(
        name: "doctor", title: "Check the set-up",
        description: "The tree's declarations against the disk and the machine: runner commands resolvable, manifest paths present, "
            + "the Swift (and Kotlin) toolchain versions, corpus health, .gitignore lines. Each check holds, fails (with its fix) or is not checked.",
        verb: DoctorVerb.self, parameters: [],
        result: schema("object", ["checks": array(schema("object", ["id": string, "status": string, "detail": string, "fix": string],
                                                         description: "one check"))],
                       description: "every check")) }

    static var explain: MCPTool { MCPTool(
        name: "explain", title: "A stored run again",
        description: "A stored verify or drill run (the latest, or the one run names: N, verify:N or drill:N) read back without replaying: "
            + "its failures as verify or drill reported them, what it judged (fixture set, manifest, structures, runner build) and whether "
            + "that is the tree now; now.standsForNow false means a past run, not a result about now (run verify to judge now).",
        verb: ExplainVerb.self,
        parameters: [.init(name: "run", kind: .string, description: "the stored run: N, verify:N or drill:N (default: the latest)", option: "--run")],
        result: schema("object", ["run": rows, "now": schema("object", ["standsForNow": JSONRPC.object(["type": .string("boolean")]),
                                                                        "changed": array(string), "runner": string], description: "the run against the tree now"),
                                  "report": rows],
                       description: "the stored run, what it judged, and its gate's report")) }
}
