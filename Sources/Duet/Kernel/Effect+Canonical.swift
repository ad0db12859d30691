/// Effects whose payload writes itself write themselves too, so a reducer's effect list
/// takes the fast path end to end; the shape is the `Encodable` one above (`id` omitted when nil).
extension Effect: CanonicalWritable, CanonicalEncodable where Payload: CanonicalWritable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            switch self {
            case .run(let payload, let id):
                try o.member("id", id)
                try o.member("kind", "run")
                try o.member("payload", payload)
            case .cancel(let id):
                try o.member("id", id)
                try o.member("kind", "cancel")
            }
        }
    }
}
