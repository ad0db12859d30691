import Duet

/// The explore and coverage tools of `duet mcp`.
extension MCPCatalogue {
    static var explore: MCPTool { MCPTool(
        name: "explore", title: "Explore beyond the fixtures",
        description: "Generate action sequences from recorded states and send every step to every platform's runner; the platforms "
            + "must answer the same canonical state and effects, and a refusal or crash on a well-formed action is a finding. "
            + "Findings are shrunk (fewest actions from the nearest recorded state, simplest payloads) and kept as pending "
            + "recordings explore.<feature>.<hash> with each platform's answers; each names the command that replays it. "
            + "Deterministic per seed; the run is stored. status holds only when steps were taken and nothing was found.",
        verb: ExploreVerb.self,
        parameters: [
            .init(name: "platform", kind: .choice(["all", "swift", "kotlin"]), description: "all (default), swift or kotlin", option: "--platform"),
            .init(name: "feature", kind: .string, description: "only this feature", option: "--feature"),
            .init(name: "budget", kind: .integer, description: "steps to take (default 10000)", option: "--budget"),
            .init(name: "seed", kind: .integer, description: "the seed everything generated follows from (default 1)", option: "--seed"),
            .init(name: "depth", kind: .integer, description: "actions per walk at most (default 8)", option: "--depth"),
            .init(name: "time", kind: .integer, description: "start no walk after this many seconds", option: "--time"),
            .init(name: "replay", kind: .string, description: "replay one recorded finding instead (explore.<feature>.<hash>)", option: "--replay"),
        ],
        result: schema("object", [
            "status": string, "steps": integer, "walks": integer,
            "findings": array(schema("object", ["name": string, "kind": string, "feature": string, "step": integer, "path": string,
                                                "message": string, "actions": array(rows), "answers": array(rows), "replay": string],
                                     description: "one shrunk finding with every platform's answer where it shows")),
        ], description: "what was explored and found"),
        readOnly: false) }

    static var coverage: MCPTool { MCPTool(
        name: "coverage", title: "Action coverage",
        description: "Per feature: the declared action cases, those the fixtures of record send, the (L0 kind, action case) "
            + "transitions they pin, and what only the latest explore run reached; declared cases no fixture sends are unreached.",
        verb: CoverageVerb.self,
        parameters: [.init(name: "feature", kind: .string, description: "only this feature", option: "--feature")],
        result: schema("object", ["status": string, "features": array(rows), "exploreRuns": array(rows)],
                       description: "per feature: declared, byFixtures, exploreOnly, unreached, fixtureTransitions, exploreOnlyTransitions")) }
}
