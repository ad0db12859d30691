import Duet

// Accept writes its own canonical bytes; proven against Codable by `CanonicalConformanceTests`.

extension Accept.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("code", code)
            try o.member("errorMessage", errorMessage)
            try o.member("inviterName", inviterName)
            try o.member("isAccepting", isAccepting)
            try o.member("isLoading", isLoading)
            try o.member("sharedMemoryCount", sharedMemoryCount)
        }
    }
}

extension Accept.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .loadInvite(let code): try writer.sum("loadInvite") { o in try o.member("code", code) }
        case .acceptInvite(let code): try writer.sum("acceptInvite") { o in try o.member("code", code) }
        case .inviteAccepted(let code): try writer.sum("inviteAccepted") { o in try o.member("code", code) }
        case .inviteDeclined: try writer.sum("inviteDeclined")
        }
    }
}
