import Foundation

// How `describe` sees through the standard containers without an instance of them.

protocol ProbeOptional {
    static var wrappedDecodable: any Decodable.Type { get }
    static var noneValue: Any { get }
}

extension Optional: ProbeOptional where Wrapped: Decodable {
    static var wrappedDecodable: any Decodable.Type { Wrapped.self }
    static var noneValue: Any { Optional<Wrapped>.none as Any }
}

protocol ProbeSequence {
    static var elementDecodable: any Decodable.Type { get }
    static var emptyValue: Any { get }
}

extension Array: ProbeSequence where Element: Decodable {
    static var elementDecodable: any Decodable.Type { Element.self }
    static var emptyValue: Any { [Element]() }
}

extension Set: ProbeSequence where Element: Decodable {
    static var elementDecodable: any Decodable.Type { Element.self }
    static var emptyValue: Any { Set<Element>() }
}

protocol ProbeMap {
    static var valueDecodable: any Decodable.Type { get }
    static var emptyValue: Any { get }
}

extension Dictionary: ProbeMap where Key == String, Value: Decodable {
    static var valueDecodable: any Decodable.Type { Value.self }
    static var emptyValue: Any { [String: Value]() }
}
