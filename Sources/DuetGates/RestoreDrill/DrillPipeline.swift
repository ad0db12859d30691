import Duet
import DuetCorpus
import DuetReplay

/// Pipelined restore drill through one runner session, like verify's: requests of many fixtures
/// are in flight at once (up to `window`), each answer goes to the fixture waiting for it, and new
/// fixtures are pulled from the source only when no fixture has a request ready — so the active
/// fixtures, not the corpus, bound memory.
///
/// A runner failure fails the fixture whose request was in flight; the others start over on the
/// restarted runner. When the session ends (the runner keeps failing), every fixture not drilled
/// is reported `not-run`.
struct DrillPipeline {
    let session: ReplaySession
    let window: Int
    let options: FixtureDrill.Options

    /// `next` gives the subjects in order and nil at the end; `report` gets each fixture's result as
    /// it completes. Returns how many requests the runner answered.
    func run(next: () throws -> DrillSubject?, report: (DrillFixtureResult) -> Void) throws -> Int {
        let document = ByteDocument()
        var answered = 0
        var exhausted = false
        var redo: [DrillSubject] = []
        func pull() throws -> DrillSubject? {
            if !redo.isEmpty { return redo.removeFirst() }
            if exhausted { return nil }
            if let subject = try next() { return subject }
            exhausted = true
            return nil
        }
        while true {
            guard let client = try? session.client() else {
                while let subject = try pull() { report(Self.notRun(subject, session.endedBy)) }
                return answered
            }
            var active: [Int: FixtureDrill] = [:]
            var ready: [(slot: Int, request: DrillRequest<FixtureDrill.Token>)] = [], readyHead = 0
            var inflight: [(slot: Int, token: FixtureDrill.Token)] = [], inflightHead = 0
            var nextSlot = 0
            attempt: while true {
                while inflight.count - inflightHead < window {
                    if readyHead < ready.count {
                        let (slot, request) = ready[readyHead]
                        readyHead += 1
                        if readyHead > 4096 { ready.removeFirst(readyHead); readyHead = 0 }
                        client.send(request.line)
                        inflight.append((slot, request.token))
                        continue
                    }
                    guard active.count < window, let subject = try pull() else { break }
                    let drill = FixtureDrill(subject: subject, options: options, document: document)
                    let requests = drill.start()
                    if drill.isDone { report(drill.result()); continue }
                    active[nextSlot] = drill
                    ready += requests.map { (nextSlot, $0) }
                    nextSlot += 1
                }
                guard inflightHead < inflight.count else {
                    if active.isEmpty { return answered }
                    break attempt
                }
                let (slot, token) = inflight[inflightHead]
                inflightHead += 1
                if inflightHead > 4096 { inflight.removeFirst(inflightHead); inflightHead = 0 }
                guard let drill = active[slot] else { continue }
                let answer: DrillAnswer
                do {
                    let response = try client.response(waitingFor: drill.waiting(for: token))
                    answer = try Self.read(response, for: token, client: client)
                    answered += 1
                } catch {
                    session.runnerFailed(error)
                    active[slot] = nil
                    report(Self.failed(drill.subject, error))
                    redo = active.keys.sorted().map { active[$0]!.subject } + redo
                    break attempt
                }
                ready += drill.answer(token, answer).map { (slot, $0) }
                if drill.isDone {
                    active[slot] = nil
                    session.fixtureAnswered()
                    report(drill.result())
                }
            }
        }
    }

    private static func read(_ response: JSONValue, for token: FixtureDrill.Token, client: ReplayClient) throws(RunnerFailure) -> DrillAnswer {
        if case .sequence(_, .restore) = token {
            switch try client.restoreOutcome(response) {
            case .restored(let state): return .restored(state)
            case .refused(let message): return .refused(message)
            }
        }
        switch try client.reduceOutcome(response) {
        case .reduced(let state, _): return .reduced(state)
        case .refused(let message): return .refused(message)
        }
    }

    private static func failed(_ subject: DrillSubject, _ failure: RunnerFailure) -> DrillFixtureResult {
        DrillFixtureResult(fixture: subject.fixture, snapshots: 0, steps: 0, emptySpine: false, findings: [
            DrillFinding(fixture: subject.fixture, step: nil, node: subject.feature, rule: .runner, actual: failure.description,
                         message: "the runner failed while this fixture was drilled: \(failure)"),
        ])
    }

    private static func notRun(_ subject: DrillSubject, _ failure: RunnerFailure?) -> DrillFixtureResult {
        DrillFixtureResult(fixture: subject.fixture, snapshots: 0, steps: 0, emptySpine: false, findings: [
            DrillFinding(fixture: subject.fixture, step: nil, node: subject.feature, rule: .notRun, actual: failure?.description,
                         message: "not drilled: the run stopped because the runner kept failing"),
        ])
    }
}
