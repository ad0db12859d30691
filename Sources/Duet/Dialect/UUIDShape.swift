/// The dialect's UUID rule (exactly 8-4-4-4-12 hex digits, either case) for code outside the
/// dialect that must tell UUID strings apart — explore's payload shapes and state scans.
///
/// ```swift
/// UUIDShape.matches("0f0e0d0c-0b0a-4908-8706-050403020100")   // true
/// ```
public enum UUIDShape {
    public static func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { UUIDText.isShaped($0) }
    }

    public static func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { UUIDText.isShaped(bytes) }
}
