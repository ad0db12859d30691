/// Host source as lines of code, one entry per physical line, with comments and string literals
/// blanked out so the rules never match text that is not code. Line numbers stay those of the file.
struct SourceText {
    let lines: [String]

    init(_ text: String) {
        var lines: [String] = []
        var current = ""
        var inBlock = false, inString = false
        var previous: Character = "\0"
        var skipLine = false
        for character in text {
            if character == "\n" {
                lines.append(current); current = ""; skipLine = false; inString = false; previous = "\0"
                continue
            }
            if skipLine { continue }
            if inBlock {
                if previous == "*" && character == "/" { inBlock = false; previous = "\0" } else { previous = character }
                current.append(" ")
                continue
            }
            if inString {
                if character == "\"" && previous != "\\" { inString = false }
                previous = previous == "\\" && character == "\\" ? "\0" : character
                current.append(" ")
                continue
            }
            if previous == "/" && character == "/" { current.removeLast(); skipLine = true; continue }
            if previous == "/" && character == "*" { current.removeLast(); current.append(" "); inBlock = true; previous = "\0"; continue }
            if character == "\"" { inString = true; current.append(" "); previous = character; continue }
            current.append(character)
            previous = character
        }
        lines.append(current)
        self.lines = lines
    }
}
