import Foundation
public enum DuetCommandLine {
    public static func main() { print("duet: not yet") }
}
