import Duet
import DuetCorpus
import DuetReplay
import DuetManifest

/// Declaration parity, the second gate of `verify --platform all`: every runner's `describe`
/// answer is stored and compared with the reference platform's (Swift when it takes part).
///
/// ```swift
/// let check = try DeclarationCheck.run(corpus: corpus, runners: ["kotlin": k, "swift": s], timeout: 10, startupTimeout: 120)
/// check.differences.first?.description   // mainnav: field sheet: role slot on swift, data on kotlin
/// ```
public struct DeclarationCheck: Sendable {
    public var reference: String
    /// Platforms whose answers were compared with the reference's.
    public var compared: [String] = []
    public var featureCount = 0
    public var differences: [DeclarationDifference] = []
    /// Platforms that gave no answer, and why; `environment` when the runner itself failed.
    public var failures: [Failure] = []

    public struct Failure: Sendable {
        public var platform: String
        public var message: String
        public var environment: Bool
    }

    /// Holds only when something was compared: two answers, at least one feature, no difference.
    public var holds: Bool { failures.isEmpty && !compared.isEmpty && featureCount > 0 && differences.isEmpty }

    static func run(corpus: Corpus, runners: [String: String], timeout: Double, startupTimeout: Double) throws -> DeclarationCheck {
        let platforms = runners.keys.sorted()
        var check = DeclarationCheck(reference: platforms.contains("swift") ? "swift" : platforms[0])
        var answers: [String: [FeatureStructure]] = [:]
        for platform in platforms {
            switch describe(command: runners[platform]!, timeout: timeout, startupTimeout: startupTimeout) {
            case .success(let structures):
                answers[platform] = structures
                try corpus.storeRunnerDescribe(platform: platform, structures: structures)
            case .failure(let failure):
                check.failures.append(Failure(platform: platform, message: failure.message, environment: failure.environment))
            }
        }
        guard let reference = answers[check.reference] else { return check }
        check.featureCount = reference.count
        for platform in platforms where platform != check.reference {
            guard let structures = answers[platform] else { continue }
            check.compared.append(platform)
            check.differences += DeclarationParity.differences((check.reference, reference), (platform, structures))
        }
        return check
    }

    private struct DescribeFailure: Error {
        var message: String
        var environment: Bool
    }

    private static func describe(command: String, timeout: Double, startupTimeout: Double) -> Result<[FeatureStructure], DescribeFailure> {
        do {
            let client = try ReplayClient(command: command, timeout: timeout, startupTimeout: startupTimeout)
            defer { client.close() }
            switch try client.describe() {
            case .success(let structures): return .success(structures)
            case .failure(let refusal): return .failure(DescribeFailure(message: "\(refusal)", environment: false))
            }
        } catch {
            return .failure(DescribeFailure(message: "\(error)", environment: true))
        }
    }
}
