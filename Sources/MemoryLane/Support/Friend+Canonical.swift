import Duet

extension Friend: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("id", id)
            try o.member("name", name)
        }
    }
}
