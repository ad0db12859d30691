import XCTest

final class DuetCLITestsPlaceholder: XCTestCase {}
