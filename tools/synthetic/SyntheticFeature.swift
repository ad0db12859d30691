import Duet

/// One synthetic feature: which L0 fields it has, and how its state evolves under random actions.
struct SyntheticFeature {
    let index: Int
    let name: String
    var maximumItems = 10
    var hasPath: Bool { index % 2 == 0 }
    var hasTabs: Bool { index % 4 == 1 }
    var hasStage: Bool { index % 8 == 3 }
    var hasIsland: Bool { index % 5 == 0 }
    var sheetKinds: [String] { (0..<(4 + index % 6)).map { "sheet\($0)" } }
    let routes = ["detail", "editor", "gallery", "settings"]
    let tabs = ["home", "shared", "profile"]
    let phases = ["splash", "onboarding", "main", "accept"]

    var structure: FeatureStructure {
        var fields = [FieldDescription(path: "sheet", shape: "optional<sum>", role: .slot, kinds: sheetKinds)]
        if hasPath { fields.append(FieldDescription(path: "path", shape: "array<sum>", role: .path, kinds: routes)) }
        if hasTabs { fields.append(FieldDescription(path: "activeTab", shape: "enum", role: .tabs, kinds: tabs)) }
        if hasStage { fields.append(FieldDescription(path: "phase", shape: "sum", role: .stage, kinds: phases)) }
        if hasIsland { fields.append(FieldDescription(path: "media", shape: "object", role: .island("\(name).media"))) }
        for data in ["form.name", "form.email", "items", "counter", "isLoading"] {
            fields.append(FieldDescription(path: data, shape: "data", role: .data))
        }
        return FeatureStructure(feature: name, fields: fields,
                                actions: ["openSheet", "dismiss", "push", "pop", "selectTab", "advance", "edit", "addItem", "tick", "load", "loaded"],
                                effects: ["fetch"])
    }

    struct State {
        var sheet: JSONValue?
        var path: [JSONValue] = []
        var activeTab = "home"
        var phase = 0
        var page = 0
        var name = ""
        var email = ""
        var items: [JSONValue] = []
        var counter: Int64 = 0
        var isLoading = false
        var fields: SyntheticFeature

        var json: JSONValue {
            var object = JSONObject()
            object["sheet"] = sheet
            if fields.hasPath { object["path"] = .array(path) }
            if fields.hasTabs { object["activeTab"] = .string(activeTab) }
            if fields.hasStage { object["phase"] = .object(caseObject(fields.phases[phase])) }
            if fields.hasIsland { object["media"] = .object(pairs([("page", .int(Int64(page))), ("count", .int(Int64(items.count)))])) }
            object["form"] = .object(pairs([("name", .string(name)), ("email", .string(email)), ("isValid", .bool(email.contains("@")))]))
            object["items"] = .array(items)
            object["counter"] = .int(counter)
            object["isLoading"] = .bool(isLoading)
            return .object(object)
        }
    }

    func initialState(variant: Int, random: inout SyntheticRandom) -> State {
        var state = State(fields: self)
        state.name = ["", "Ada", "Grace"][variant]
        for _ in 0..<min(maximumItems, 2 + variant * 2) { state.items.append(item(&random)) }
        return state
    }

    /// Applies one random action; returns it and its effects.
    func advance(_ state: inout State, random: inout SyntheticRandom) -> (JSONValue, [JSONValue]) {
        let roll = random.below(100)
        switch roll {
        case 0..<14:
            let kind = sheetKinds[random.below(sheetKinds.count)]
            let payload: JSONValue? = random.chance(40) ? .object(pairs([("id", .string(random.uuid()))])) : nil
            state.sheet = .object(caseObject(kind, payload))
            return (action("openSheet", .string(kind)), [])
        case 14..<24:
            state.sheet = nil
            return (action("dismiss"), [])
        case 24..<34 where hasPath:
            if state.path.count < 4 {
                state.path.append(.object(caseObject(routes[random.below(routes.count)], .object(pairs([("id", .string(random.uuid()))])))))
            }
            return (action("push", state.path.last), [])
        case 34..<41 where hasPath:
            if !state.path.isEmpty { state.path.removeLast() }
            return (action("pop"), [])
        case 41..<46 where hasTabs:
            state.activeTab = tabs[random.below(tabs.count)]
            return (action("selectTab", .string(state.activeTab)), [])
        case 46..<49 where hasStage:
            state.phase = (state.phase + 1) % phases.count
            return (action("advance"), [])
        case 49..<62:
            let word = random.word()
            if random.chance(50) { state.name = word } else { state.email = word + "@example.com" }
            return (action("edit", .string(word)), [])
        case 62..<70:
            state.items.append(item(&random))
            if state.items.count > maximumItems { state.items.removeFirst() }
            state.page = state.items.count / 3
            return (action("addItem"), [])
        case 70..<85:
            if state.isLoading { state.counter += 1 }
            return (action("tick"), [])
        case 85..<93:
            state.isLoading = true
            let effect = JSONValue.object(pairs([("id", .string("\(name).load")), ("kind", .string("run")),
                                                 ("payload", .object(caseObject("fetch", .object(pairs([("page", .int(state.counter))])))))]))
            return (action("load"), [effect])
        default:
            let wasLoading = state.isLoading
            state.isLoading = false
            return (action("loaded"), wasLoading ? [.object(pairs([("id", .string("\(name).load")), ("kind", .string("cancel"))]))] : [])
        }
    }

    private func item(_ random: inout SyntheticRandom) -> JSONValue {
        .object(pairs([
            ("id", .string(random.uuid())), ("title", .string(random.word() + " " + random.word())),
            ("createdAt", .string("2026-07-\(10 + random.below(18))T09:\(10 + random.below(50)):00.000Z")),
            ("likes", .int(Int64(random.below(500)))), ("tags", .array([.string(random.word()), .string(random.word())])),
        ]))
    }

    private func action(_ name: String, _ value: JSONValue? = nil) -> JSONValue { .object(caseObject(name, value)) }
}

private func caseObject(_ name: String, _ value: JSONValue? = nil) -> JSONObject {
    var object = JSONObject()
    object["case"] = .string(name)
    object["value"] = value
    return object
}

private func pairs(_ members: [(String, JSONValue)]) -> JSONObject {
    var object = JSONObject()
    for (key, value) in members { object[key] = value }
    return object
}
