import Duet

// Root navigation writes its own canonical bytes (the replay runner's hot path); the shapes
// are the synthesized Codable ones, proven by `CanonicalConformanceTests`.

extension RootNav.Session: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("displayName", displayName)
            try o.member("onboarded", onboarded)
            try o.member("userId", userId)
        }
    }
}

extension RootNav.Phase: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .splash: try writer.sum("splash")
        case .registration: try writer.sum("registration")
        case .introduceYourself(let session): try writer.sum("introduceYourself", value: session)
        case .onboarding(let session): try writer.sum("onboarding", value: session)
        case .main(let session): try writer.sum("main", value: session)
        case let .accept(code, session):
            try writer.sum("accept") { o in
                try o.member("code", code)
                try o.member("session", session)
            }
        }
    }
}

extension RootNav.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("acceptedInviteCount", acceptedInviteCount)
            try o.member("isEnterCodePresented", isEnterCodePresented)
            try o.member("phase", phase)
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
