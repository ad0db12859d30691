/// The source text of a materialized step test: Swift (XCTest) and Kotlin (JUnit 4, as the flavor's own
/// tests are). Both reduce the step through the feature's real reducer and fail with the first
/// divergent JSON path while the step's behaviour differs from the recording.
public enum StepTestSources {
    /// First line of every file `materialize` writes; `--clean` removes only files that start with it.
    public static let marker = "// duet materialize:"

    /// Where a node's code lives on one platform.
    struct FeatureType: Sendable, Equatable {
        /// Swift: the module (`MemoryLane`); Kotlin: the package (`dev.duet.memorylane`).
        var module: String
        /// Swift: the `Feature` type (`Timeline`); Kotlin: the feature object (`Timeline`).
        var name: String
    }

    // MARK: - Swift

    static func swift(_ step: MaterializedStep, types: [String: FeatureType]) -> String {
        let modules = Set(step.nodes.compactMap { types[$0]?.module }).sorted()
        let caseLines = step.nodes.map { node in
            "        case \(swiftLiteral(node)): return try reduce(\(types[node]!.name).self, state, action)"
        }.joined(separator: "\n")
        var body = """
        \(marker) \(step.reference) — a standalone test of one recorded step, for debugging.
        // \(description(step))
        // Set a breakpoint in \(types[step.node]!.name).reduce and run this test; it fails while the step's behaviour differs
        // from the recording. Not a fixture of record: remove it with `duet materialize --clean`.
        import Duet
        import XCTest
        \(modules.map { "import \($0)" }.joined(separator: "\n"))

        final class Materialized_\(step.identifier): XCTestCase {
            func testTheStepReducesAsRecorded() throws {
                \(step.prior.isEmpty ? "let" : "var") states: [String: String] = [\(step.initialStates.map { "\(swiftLiteral($0.node)): \(swiftLiteral($0.state))" }.joined(separator: ", "))]

        """
        if !step.prior.isEmpty {
            body += """
                    // The chain's earlier steps, replayed to reach this one.
                    for (node, action) in [\(step.prior.map { "(\(swiftLiteral($0.node)), \(swiftLiteral($0.action)))" }.joined(separator: ", "))] {
                        states[node] = try Self.reduce(node, states[node]!, action).state
                    }

            """
        }
        body += """
                let reduced = try Self.reduce(\(swiftLiteral(step.node)), states[\(swiftLiteral(step.node))]!, \(swiftLiteral(step.action)))

        """
        if let expected = step.expectedState {
            body += "        try Self.assertCanonical(reduced.state, \(swiftLiteral(expected)), \"state\")\n"
        }
        body += """
                try Self.assertCanonical(reduced.effects, \(swiftLiteral(step.expectedEffects)), "effects")
            }

            static func reduce(_ node: String, _ state: String, _ action: String) throws -> (state: String, effects: String) {
                switch node {
        \(caseLines)
                default: throw CodingRefusal(codingPath: node, message: "no feature of that name in this test")
                }
            }

            static func reduce<F: Feature>(_ feature: F.Type, _ state: String, _ action: String) throws -> (state: String, effects: String) {
                var value = try CanonicalDecoder().decode(F.State.self, from: Array(state.utf8))
                let effects = F.reduce(&value, try CanonicalDecoder().decode(F.Action.self, from: Array(action.utf8)))
                return (try CanonicalEncoder().canonicalString(value), try CanonicalEncoder().canonicalString(effects))
            }

            static func assertCanonical(_ actual: String, _ expected: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
                guard actual != expected else { return }
                let divergence = JSONValue.firstDivergence(expected: try CanonicalJSON.parse(expected), actual: try CanonicalJSON.parse(actual))
                let path = divergence.map { $0.path.isEmpty ? "(root)" : $0.path } ?? "(root)"
                XCTFail("\\(what) diverged at \\(path): expected \\(divergence?.expected ?? "(absent)"), got \\(divergence?.actual ?? "(absent)")\\n"
                        + "expected \\(expected)\\nactual   \\(actual)", file: file, line: line)
            }
        }

        """
        return body
    }

    // MARK: - Kotlin

    static func kotlin(_ step: MaterializedStep, types: [String: FeatureType]) -> String {
        let imports = Set(step.nodes.compactMap { types[$0].map { "\($0.module).\($0.name)" } }).sorted()
        let package = (types[step.node]!.module.isEmpty ? "" : types[step.node]!.module + ".") + "materialized"
        var body = """
        \(marker) \(step.reference) — a standalone JUnit 4 test of one recorded step, for debugging.
        // \(description(step))
        // Set a breakpoint in \(types[step.node]!.name).reduce and run the test; it fails while the step's behaviour differs
        // from the recording. Not a fixture of record: remove it with `duet materialize --clean`.
        package \(package)

        import dev.duet.dialect.Dialect
        import dev.duet.replay.ServedFeature
        \(imports.map { "import \($0)" }.joined(separator: "\n"))
        import org.junit.Assert.assertEquals
        import org.junit.Test

        class Materialized_\(step.identifier) {
            @Test fun theStepReducesAsRecorded() {
                val states = mutableMapOf(\(step.initialStates.map { "\(kotlinLiteral($0.node)) to \(kotlinLiteral($0.state))" }.joined(separator: ", ")))

        """
        if !step.prior.isEmpty {
            body += """
                    // The chain's earlier steps, replayed to reach this one.
                    for ((node, action) in listOf(\(step.prior.map { "\(kotlinLiteral($0.node)) to \(kotlinLiteral($0.action))" }.joined(separator: ", ")))) {
                        states[node] = reduce(node, states.getValue(node), action).first
                    }

            """
        }
        body += """
                val (state, effects) = reduce(\(kotlinLiteral(step.node)), states.getValue(\(kotlinLiteral(step.node))), \(kotlinLiteral(step.action)))

        """
        if let expected = step.expectedState {
            body += "        assertEquals(\"state diverged\", \(kotlinLiteral(expected)), state)\n"
        }
        body += """
                assertEquals("effects diverged", \(kotlinLiteral(step.expectedEffects)), effects)
            }

            private fun reduce(node: String, state: String, action: String): Pair<String, String> {
                val feature = when (node) {
        \(step.nodes.map { "            \(kotlinLiteral($0)) -> \(types[$0]!.name)" }.joined(separator: "\n"))
                    else -> throw AssertionError("no feature $node in this test")
                }
                val (stateTree, effectsTree) = ServedFeature(feature).reduce(Dialect.parse(state), Dialect.parse(action))
                return Dialect.compact(stateTree) to Dialect.compact(effectsTree)
            }
        }

        """
        return body
    }

    private static func description(_ step: MaterializedStep) -> String {
        "step \(step.step)" + (step.label.map { " \"\($0)\"" } ?? "") + " of parity/fixtures/\(step.fixture).fixture.json"
            + (step.source.map { " (\($0))" } ?? "")
    }

    static func swiftLiteral(_ text: String) -> String {
        quoted(text, escapes: ["\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t"]) { "\\u{\(String($0, radix: 16))}" }
    }

    static func kotlinLiteral(_ text: String) -> String {
        quoted(text, escapes: ["\\": "\\\\", "\"": "\\\"", "$": "\\$", "\n": "\\n", "\r": "\\r", "\t": "\\t"]) { value in
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// A double-quoted literal: `escapes` for the characters the language escapes by name, `control` for other controls.
    private static func quoted(_ text: String, escapes: [Unicode.Scalar: String], control: (UInt32) -> String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if let escaped = escapes[scalar] {
                out += escaped
            } else if scalar.value < 0x20 {
                out += control(scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
