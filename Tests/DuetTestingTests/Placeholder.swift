import XCTest

final class DuetTestingTestsPlaceholder: XCTestCase {}
