import Duet

extension ShareConfig: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("audience", audience)
            try o.member("includeLocation", includeLocation)
        }
    }
}
