import Duet

extension MemorySummary: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("id", id)
            try o.member("photoCount", photoCount)
            try o.member("reaction", reaction)
            try o.member("shareCount", shareCount)
            try o.member("takenAt", takenAt)
            try o.member("title", title)
        }
    }
}
