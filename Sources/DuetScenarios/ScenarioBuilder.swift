import Duet

/// One labelled action of a typed scenario; `line` is captured where the step is written.
/// Claims (`.inert`, `.state`) say what the label says and are checked when it is recorded; a
/// trailing `then` check runs in-process only (`Scenario.play()`).
///
/// ```swift
/// Step("load the first page", .pageLoaded(page: 1))
/// Step("back on an empty path is inert", .backTapped, .inert)
/// Step("back", .backTapped) { state in guard state.path.isEmpty else { throw … } }
/// ```
public struct Step<F: Feature> {
    public var label: String
    public var action: F.Action
    public var claims: [Claim<F>]
    public var line: Int
    public var check: ((F.State) throws -> Void)?
    public init(_ label: String, _ action: F.Action, _ claims: Claim<F>..., line: Int = #line,
                then check: ((F.State) throws -> Void)? = nil) {
        self.label = label; self.action = action; self.claims = claims; self.line = line; self.check = check
    }
}

/// A static branch of a typed scenario: runs after the steps before it, always.
///
/// ```swift
/// Branch("changes its mind") { Step("decrement", .decrement) }
/// ```
public struct Branch<F: Feature> {
    public var name: String
    public var items: [ScenarioItem<F>]
    public init(_ name: String, @ScenarioBuilder<F> _ content: () -> [ScenarioItem<F>]) {
        self.name = name; self.items = content()
    }
}

/// What a scenario body is made of: steps, then branches.
public enum ScenarioItem<F: Feature> {
    case step(Step<F>)
    case branch(Branch<F>)
}

@resultBuilder
public enum ScenarioBuilder<F: Feature> {
    public static func buildExpression(_ step: Step<F>) -> [ScenarioItem<F>] { [.step(step)] }
    public static func buildExpression(_ branch: Branch<F>) -> [ScenarioItem<F>] { [.branch(branch)] }
    public static func buildExpression(_ items: [ScenarioItem<F>]) -> [ScenarioItem<F>] { items }
    public static func buildBlock(_ parts: [ScenarioItem<F>]...) -> [ScenarioItem<F>] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[ScenarioItem<F>]]) -> [ScenarioItem<F>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [ScenarioItem<F>]?) -> [ScenarioItem<F>] { part ?? [] }
    public static func buildEither(first part: [ScenarioItem<F>]) -> [ScenarioItem<F>] { part }
    public static func buildEither(second part: [ScenarioItem<F>]) -> [ScenarioItem<F>] { part }
}
