import Duet

// Registration writes its own canonical bytes; proven against Codable by `CanonicalConformanceTests`.

extension Registration.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("acceptedTerms", acceptedTerms)
            try o.member("email", email)
            try o.member("emailError", emailError)
            try o.member("isSubmitting", isSubmitting)
            try o.member("password", password)
            try o.member("passwordError", passwordError)
            try o.member("serverError", serverError)
            try o.member("termsError", termsError)
        }
    }
}

extension Registration.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case let .register(email, password):
            try writer.sum("register") { o in
                try o.member("email", email)
                try o.member("password", password)
            }
        case .registered(let userId): try writer.sum("registered") { o in try o.member("userId", userId) }
        case .enterCodeRequested: try writer.sum("enterCodeRequested")
        }
    }
}
