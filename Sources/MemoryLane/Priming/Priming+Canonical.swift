import Duet

// Notification priming writes its own canonical bytes; proven against Codable by `CanonicalConformanceTests`.

extension Priming.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("answeredAt", answeredAt)
            try o.member("granted", granted)
            try o.member("isRequesting", isRequesting)
        }
    }
}

extension Priming.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .requestAuthorization: try writer.sum("requestAuthorization")
        case .scheduleWeeklyReminder: try writer.sum("scheduleWeeklyReminder")
        case .primingFinished(let granted): try writer.sum("primingFinished") { o in try o.member("granted", granted) }
        }
    }
}
