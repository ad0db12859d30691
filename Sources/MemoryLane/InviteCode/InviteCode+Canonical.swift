import Duet

// The invite-code sheet writes its own canonical bytes; proven against Codable by `CanonicalConformanceTests`.

extension InviteCode.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("code", code)
            try o.member("copiedCount", copiedCount)
            try o.member("expiresAt", expiresAt)
            try o.member("isExpired", isExpired)
            try o.member("isGenerating", isGenerating)
            try o.member("message", message)
            try o.member("secondsRemaining", secondsRemaining)
        }
    }
}

extension InviteCode.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .generateCode: try writer.sum("generateCode")
        case .lookUpCode(let code): try writer.sum("lookUpCode") { o in try o.member("code", code) }
        case .startClock: try writer.sum("startClock")
        case .copyToClipboard(let text): try writer.sum("copyToClipboard") { o in try o.member("text", text) }
        case .presentShareSheet(let text): try writer.sum("presentShareSheet") { o in try o.member("text", text) }
        case .inviteFinished: try writer.sum("inviteFinished")
        }
    }
}
