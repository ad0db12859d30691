import Duet
import DuetRunner
import DuetCorpus
import DuetReplay
import Foundation

/// One platform's runner in an explore run.
struct ExploreRunner {
    let platform: String
    let session: ReplaySession
}

/// The walks of an explore run, pipelined like verify: up to `window` walks are in flight, each
/// with one step sent to every runner at once; answers come back in the order sent, and each
/// step is judged when every runner has answered it. A runner that fails takes the step it was
/// answering with it (a crash finding); the other walks in flight are sent again once it restarted.
///
/// Walk `i` draws from its own stream of the seed, starts from a feature's recorded state and
/// takes up to `depth` steps; the budget is split into `budget / depth` walks up front, so the same
/// seed explores the same sequences however the answers interleave.
struct ExploreEngine {
    let runners: [ExploreRunner]
    let features: [ExploreFeature]
    let options: ExploreOptions

    func run(progress: ((_ steps: Int, _ budget: Int) -> Void)? = nil) -> ExploreTally {
        var state = RunState(engine: self)
        state.run(progress: progress)
        return state.tally
    }

    /// Which feature walk `i` explores: features weighted by their number of action cases,
    /// dealt in an order shuffled by the seed.
    static func schedule(_ features: [ExploreFeature], seed: UInt64) -> [Int] {
        var deck: [Int] = []
        for (index, feature) in features.enumerated() { deck += Array(repeating: index, count: max(1, feature.schema.cases.count)) }
        var random = SeededRandom(seed: seed, stream: UInt64.max)
        deck.shuffle(using: &random)
        return deck
    }
}

private struct RunState {
    let engine: ExploreEngine
    var tally = ExploreTally()
    let schedule: [Int]
    let walkCount: Int
    let readers: [L0Reader?]
    let generators: [ActionGenerator]
    let started = Date()
    var nextWalk = 0
    var stopping = false
    var walks: [Int: ExploreWalk] = [:]
    var ready: [Int] = [], readyHead = 0
    var inflight: [Int] = [], inflightHead = 0

    init(engine: ExploreEngine) {
        self.engine = engine
        let options = engine.options
        schedule = ExploreEngine.schedule(engine.features, seed: options.seed)
        walkCount = engine.features.contains(where: { !$0.starts.isEmpty && !$0.schema.isEmpty })
            ? (max(0, options.budget) + options.depth - 1) / max(1, options.depth) : 0
        readers = engine.features.map { $0.transitions.map { L0Reader(transitions: $0) } }
        generators = engine.features.map { ActionGenerator(schema: $0.schema) }
    }

    mutating func run(progress: ((Int, Int) -> Void)?) {
        var lastProgress = 0
        while true {
            var clients: [ReplayClient] = []
            do {
                for runner in engine.runners { clients.append(try runner.session.client()) }
            } catch {
                tally.runnerFailure = error
                return
            }
            attempt: while true {
                while inflight.count - inflightHead < engine.options.window {
                    if readyHead < ready.count {
                        let index = ready[readyHead]
                        readyHead += 1
                        if readyHead > 4096 { ready.removeFirst(readyHead); readyHead = 0 }
                        let walk = walks[index]!
                        let line = ReplayProtocol.reduceRequest(feature: engine.features[walk.feature].name, state: walk.state,
                                                                action: walk.pending!.bytes)
                        for client in clients { client.send(line) }
                        inflight.append(index)
                        continue
                    }
                    guard let walk = startWalk() else { break }
                    walks[walk.index] = walk
                    ready.append(walk.index)
                }
                guard inflightHead < inflight.count else { return }
                let index = inflight[inflightHead]
                inflightHead += 1
                if inflightHead > 4096 { inflight.removeFirst(inflightHead); inflightHead = 0 }
                let feature = engine.features[walks[index]!.feature].name
                var answers: [StepAnswer] = []
                var failed = false
                for (position, client) in clients.enumerated() {
                    do {
                        let response = try client.response(waitingFor: "reduce \(feature) (explore walk \(index))")
                        answers.append(StepAnswer(try client.reduceOutcome(response)))
                        engine.runners[position].session.fixtureAnswered()
                    } catch {
                        answers.append(.failed(error.description))
                        // A crash on an action is that step's finding: the runner restarts and the walks go on.
                        // Only a runner that cannot start again (or fails past the restarts allowed) ends the run.
                        engine.runners[position].session.runnerFailed(error)
                        engine.runners[position].session.fixtureAnswered()
                        failed = true
                    }
                }
                judge(index, answers)
                if tally.steps - lastProgress >= 500 { lastProgress = tally.steps; progress?(tally.steps, engine.options.budget) }
                if failed {
                    rewind(clients)
                    break attempt
                }
            }
        }
    }

    /// After a runner failed: the other runners' answers to the steps still in flight are read and
    /// dropped, and those steps are sent again (to every runner) once the failed one restarted.
    private mutating func rewind(_ clients: [ReplayClient]) {
        let lost = Array(inflight[inflightHead...])
        for (position, client) in clients.enumerated() where client.isAlive {
            for index in lost {
                do { _ = try client.response(waitingFor: "an answer sent before a runner failed (explore walk \(index))") } catch {
                    engine.runners[position].session.runnerFailed(error)
                    break
                }
            }
        }
        inflight = []; inflightHead = 0
        ready = lost + Array(ready[readyHead...]); readyHead = 0
    }

    private mutating func startWalk() -> ExploreWalk? {
        guard !stopping, nextWalk < walkCount else { return nil }
        if let seconds = engine.options.seconds, Date().timeIntervalSince(started) >= seconds { stopping = true; return nil }
        var feature = -1
        for offset in 0..<schedule.count {
            let candidate = schedule[(nextWalk + offset) % schedule.count]
            if !engine.features[candidate].starts.isEmpty && !engine.features[candidate].schema.isEmpty { feature = candidate; break }
        }
        guard feature >= 0 else { return nil }
        var random = SeededRandom(seed: engine.options.seed, stream: UInt64(nextWalk))
        let starts = engine.features[feature].starts
        let start = starts[random.below(starts.count)]
        var walk = ExploreWalk(index: nextWalk, feature: feature, start: start, random: random)
        nextWalk += 1
        tally.walks += 1
        if let reader = readers[feature], let bytes = reader.fieldBytes(walk.state) {
            walk.l0Bytes = bytes
            walk.kinds = reader.kinds(bytes)
        }
        walk.pending = generators[feature].draft(&walk.random, state: walk.state)
        return walk
    }

    private mutating func judge(_ index: Int, _ answers: [StepAnswer]) {
        guard var walk = walks[index], let action = walk.pending else { return }
        let feature = engine.features[walk.feature]
        tally.steps += 1
        tally.stepsPerFeature[feature.name, default: 0] += 1
        walk.sent += 1
        walk.pending = nil
        switch StepVerdict.judge(answers, wellFormed: action.wellFormed) {
        case .agreed(let state, _):
            tally.reach[.init(feature: feature.name, actionCase: action.actionCase), default: 0] += 1
            noteTransitions(&walk, to: state, by: action.actionCase)
            walk.state = state
            walk.actions.append(action)
            walk.states.append(state)
        case .rejected:
            tally.rejected += 1
        case .finding(let kind, let divergence):
            let apart = StepVerdict.apart(kind, platforms: engine.runners.map(\.platform), answers: answers)
            let finding = ExploreFinding(feature: feature.name, kind: kind, start: walk.start, actions: walk.actions + [action],
                                         path: divergence?.path, message: ExploreMessages.describe(kind, divergence, apart), platforms: apart)
            tally.note(finding, limit: engine.options.maxFindings)
            if engine.options.stopAtFirstFinding { stopping = true }
            walks[index] = nil
            return
        }
        if walk.sent >= engine.options.depth || stopping {
            finish(walk)
            walks[index] = nil
            return
        }
        walk.pending = generators[walk.feature].draft(&walk.random, state: walk.state)
        walks[index] = walk
        ready.append(index)
    }

    private mutating func noteTransitions(_ walk: inout ExploreWalk, to state: [UInt8], by actionCase: String) {
        guard let reader = readers[walk.feature], let before = walk.kinds, let bytes = reader.fieldBytes(state) else { return }
        guard bytes != walk.l0Bytes else { return }
        let after = reader.kinds(bytes)
        for change in L0Transitions.changes(from: before, to: after) {
            let key = ExploreTally.ReachKey(feature: engine.features[walk.feature].name, actionCase: actionCase, kind: change.kind,
                                            change: change.direction)
            tally.reach[key, default: 0] += 1
        }
        walk.l0Bytes = bytes
        walk.kinds = after
    }

    private mutating func finish(_ walk: ExploreWalk) {
        let every = engine.options.restoreEvery
        guard every > 0, walk.index % every == 0, !walk.actions.isEmpty,
              tally.restoreWalks.count < engine.options.restoreLimit else { return }
        var kept = walk
        kept.l0Bytes = []
        kept.kinds = nil
        tally.restoreWalks.append(kept)
    }
}
