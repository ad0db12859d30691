import Duet

// Main navigation writes its own canonical bytes; proven against Codable by `CanonicalConformanceTests`.

extension MainNav.Tab: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .myLane: try writer.sum("myLane")
        case .shared: try writer.sum("shared")
        case .profile: try writer.sum("profile")
        }
    }
}

extension MainNav.Sheet: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .capture: try writer.sum("capture")
        case .inviteCode(let prefilledCode):
            try writer.sum("inviteCode") { o in try o.member("prefilledCode", prefilledCode) }
        case .notificationPriming: try writer.sum("notificationPriming")
        }
    }
}

extension MainNav.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("activeTab", activeTab)
            try o.member("hasAnsweredPriming", hasAnsweredPriming)
            try o.member("memoriesCaptured", memoriesCaptured)
            try o.member("sheet", sheet)
            try o.member("unseenSharedCount", unseenSharedCount)
        }
    }
}

extension MainNav.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .refreshLane: try writer.sum("refreshLane")
        case .markSharedSeen: try writer.sum("markSharedSeen")
        }
    }
}
