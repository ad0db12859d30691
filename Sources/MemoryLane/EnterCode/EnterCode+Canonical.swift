import Duet

// Enter-code writes its own canonical bytes; proven against Codable by `CanonicalConformanceTests`.

extension EnterCode.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("code", code)
            try o.member("errorMessage", errorMessage)
            try o.member("submitAttempts", submitAttempts)
        }
    }
}

extension EnterCode.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .codeEntered(let code): try writer.sum("codeEntered") { o in try o.member("code", code) }
        case .enterCodeDismissed: try writer.sum("enterCodeDismissed")
        }
    }
}
