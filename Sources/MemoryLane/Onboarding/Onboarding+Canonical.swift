import Duet

// Onboarding writes its own canonical bytes; proven against Codable by `CanonicalConformanceTests`.

extension Onboarding.Page: CanonicalEncodable {}

extension Onboarding.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("furthestPageIndex", furthestPageIndex)
            try o.member("page", page)
            try o.member("skipped", skipped)
        }
    }
}

extension Onboarding.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .trackSkipped(let atIndex): try writer.sum("trackSkipped") { o in try o.member("atIndex", atIndex) }
        case .onboardingCompleted: try writer.sum("onboardingCompleted")
        }
    }
}
