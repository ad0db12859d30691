import Duet

// The splash writes its own canonical bytes; proven against Codable by `CanonicalConformanceTests`.

extension Splash.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("attempts", attempts)
            try o.member("errorMessage", errorMessage)
            try o.member("isLoading", isLoading)
        }
    }
}

extension Splash.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .loadSession: try writer.sum("loadSession")
        case let .sessionRestored(userId, displayName, onboarded):
            try writer.sum("sessionRestored") { o in
                try o.member("displayName", displayName)
                try o.member("onboarded", onboarded)
                try o.member("userId", userId)
            }
        case .noSession: try writer.sum("noSession")
        }
    }
}
