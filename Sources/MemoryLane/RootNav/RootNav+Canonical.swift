import Duet

// Root navigation writes its own canonical bytes (the replay runner's hot path); the shapes
// are the synthesized Codable ones, proven by `CanonicalConformanceTests`.

extension RootNav.Phase: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .splash: try writer.sum("splash")
        case .registration: try writer.sum("registration")
        case .introduceYourself: try writer.sum("introduceYourself")
        case .onboarding: try writer.sum("onboarding")
        case .main: try writer.sum("main")
        case .accept: try writer.sum("accept")
        }
    }
}

extension RootNav.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("acceptedInviteCount", acceptedInviteCount)
            try o.member("displayName", displayName)
            try o.member("hasCompletedOnboarding", hasCompletedOnboarding)
            try o.member("isEnterCodePresented", isEnterCodePresented)
            try o.member("pendingInviteCode", pendingInviteCode)
            try o.member("phase", phase)
            try o.member("userId", userId)
        }
    }
}

extension RootNav.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case let .persistSession(userId, displayName, onboarded):
            try writer.sum("persistSession") { o in
                try o.member("displayName", displayName)
                try o.member("onboarded", onboarded)
                try o.member("userId", userId)
            }
        case .clearSession: try writer.sum("clearSession")
        }
    }
}
