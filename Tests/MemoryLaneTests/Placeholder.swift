import XCTest

final class MemoryLaneTestsPlaceholder: XCTestCase {}
