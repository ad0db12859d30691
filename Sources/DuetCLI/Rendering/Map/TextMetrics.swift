/// Estimated widths of text in the sans-serif faces pictures are drawn with: without a font
/// engine, boxes are sized from per-character classes, generously so text never overflows its box.
enum TextMetrics {
    static func width(_ text: String, size: Int) -> Int {
        var ems = 0.0
        for character in text {
            switch character {
            case "i", "l", "j", ".", ",", ":", ";", "'", "|", "!", "·", " ", "(", ")", "[", "]", "/", "f", "t", "r": ems += 0.36
            case "m", "w", "M", "W", "×", "—", "→", "←", "⇢": ems += 1.0
            case "A"..."Z": ems += 0.76
            default: ems += 0.6
            }
        }
        return Int((ems * Double(size)).rounded(.up))
    }
}
