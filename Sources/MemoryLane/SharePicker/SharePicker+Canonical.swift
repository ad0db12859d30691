import Duet

// The share picker writes its own canonical bytes; proven against Codable by `CanonicalConformanceTests`.

extension SharePicker.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("config", config)
            try o.member("errorMessage", errorMessage)
            try o.member("friends", friends)
            try o.member("isLoadingFriends", isLoadingFriends)
            try o.member("isSending", isSending)
            try o.member("memoryId", memoryId)
            try o.member("selectedFriendIds", selectedFriendIds)
        }
    }
}

extension SharePicker.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .loadFriends: try writer.sum("loadFriends")
        case let .share(memoryId, friendIds, config):
            try writer.sum("share") { o in
                try o.member("config", config)
                try o.member("friendIds", friendIds)
                try o.member("memoryId", memoryId)
            }
        case let .shareFinished(memoryId, recipientCount):
            try writer.sum("shareFinished") { o in
                try o.member("memoryId", memoryId)
                try o.member("recipientCount", recipientCount)
            }
        case .sheetDismissed: try writer.sum("sheetDismissed")
        }
    }
}
