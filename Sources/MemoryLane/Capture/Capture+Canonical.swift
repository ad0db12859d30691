import Duet

// Capture writes its own canonical bytes, draft and island summary included; proven against
// Codable by `CanonicalConformanceTests`.

extension Capture.Sheet: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .photoSource: try writer.sum("photoSource")
        case .photoLibrary: try writer.sum("photoLibrary")
        case .camera: try writer.sum("camera")
        case .videoSource: try writer.sum("videoSource")
        case .videoRecorder: try writer.sum("videoRecorder")
        case .videoLibrary: try writer.sum("videoLibrary")
        case .voiceRecorder: try writer.sum("voiceRecorder")
        case .location: try writer.sum("location")
        case .friends: try writer.sum("friends")
        case .date: try writer.sum("date")
        }
    }
}

extension CaptureDraft: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("friendIds", friendIds)
            try o.member("happenedAt", happenedAt)
            try o.member("photoIds", photoIds)
            try o.member("placeName", placeName)
            try o.member("title", title)
            try o.member("videoIds", videoIds)
            try o.member("voiceNoteIds", voiceNoteIds)
        }
    }
}

/// An empty boundary: `{}`.
extension MediaCaptureChromeSummary: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { _ in }
    }
}

extension Capture.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("draft", draft)
            try o.member("errorMessage", errorMessage)
            try o.member("isSaving", isSaving)
            try o.member("mediaCaptureChrome", mediaCaptureChrome)
            try o.member("sheet", sheet)
            try o.member("validationMessage", validationMessage)
        }
    }
}

extension Capture.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .saveMemory(let draft): try writer.sum("saveMemory", value: draft)
        case .captureFinished(let memoryId): try writer.sum("captureFinished") { o in try o.member("memoryId", memoryId) }
        case .captureCancelled: try writer.sum("captureCancelled")
        }
    }
}
