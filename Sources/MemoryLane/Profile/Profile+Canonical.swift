import Duet

// The profile writes its own canonical bytes; proven against Codable by `CanonicalConformanceTests`.

extension Profile.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("answeringRequests", answeringRequests)
            try o.member("bannerMessage", bannerMessage)
            try o.member("displayName", displayName)
            try o.member("errorMessage", errorMessage)
            try o.member("friends", friends)
            try o.member("isLoading", isLoading)
            try o.member("requests", requests)
        }
    }
}

extension Profile.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .loadProfile: try writer.sum("loadProfile")
        case let .answerRequest(friendId, accept):
            try writer.sum("answerRequest") { o in
                try o.member("accept", accept)
                try o.member("friendId", friendId)
            }
        case .removeFriend(let friendId): try writer.sum("removeFriend") { o in try o.member("friendId", friendId) }
        case .inviteRequested(let prefilledCode):
            try writer.sum("inviteRequested") { o in try o.member("prefilledCode", prefilledCode) }
        case .signOutRequested: try writer.sum("signOutRequested")
        }
    }
}
