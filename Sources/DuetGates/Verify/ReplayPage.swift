import DuetFixtures

/// The fixtures verify holds at once. A page closes at `maxSteps` steps or once the fixtures read
/// for it parsed `maxParsedBytes` bytes of stored JSON, whichever comes first: steps alone let a page
/// of fixtures with large states hold many times what a typical page does (their parsed trees take
/// about five times the JSON's bytes), so the largest page, not the corpus, set verify's peak.
struct ReplayPage {
    let maxSteps: Int
    let maxParsedBytes: Int
    private(set) var fixtures: [Fixture] = []
    private var steps = 0, parsedBytes = 0

    init(maxSteps: Int, maxParsedBytes: Int) { self.maxSteps = maxSteps; self.maxParsedBytes = maxParsedBytes }

    /// Adds a fixture and what was parsed for it; true when the page is full (replay it, then `clear`).
    mutating func add(_ fixture: Fixture, parsedBytes: Int) -> Bool {
        fixtures.append(fixture)
        steps += fixture.steps.count
        self.parsedBytes += parsedBytes
        return steps >= maxSteps || self.parsedBytes >= maxParsedBytes
    }

    var isEmpty: Bool { fixtures.isEmpty }

    mutating func clear() {
        fixtures.removeAll(keepingCapacity: true)
        steps = 0; parsedBytes = 0
    }
}
