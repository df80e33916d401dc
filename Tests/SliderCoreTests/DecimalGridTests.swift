import Testing
@_spi(Internals) @testable import SliderCore

@Suite struct DecimalGridTests {
    @Test func tenthStepsAreDecimalExact() {
        let grid = DecimalGrid(lower: 0, upper: 1, step: 0.1)
        #expect(grid.value(at: 3) == 0.3)
        #expect(grid.value(at: 3).description == "0.3")
        for k in 0...10 { #expect(grid.value(at: k).description.count <= 3, "k=\(k): \(grid.value(at: k))") }
        #expect(grid.snapped(0.299999) == 0.3)
        #expect(grid.snapped(0.1 + 0.2) == 0.3)
        #expect(grid.snapped(0.35) == 0.4, "a decimal tie rounds away from zero, though 0.35 is stored a hair below")
        #expect(grid.snapped(0.25) == 0.3)
        #expect(grid.snapped(0.3499) == 0.3)
    }

    @Test func offsetAndNegativeDecimalGrids() {
        let grid = DecimalGrid(lower: -1.05, upper: 2, step: 0.05)
        #expect(grid.decimals == 2)
        #expect(grid.snapped(1.0499999) == 1.05)
        #expect(grid.snapped(-0.0000001) == 0)
        #expect(grid.snapped(2.64) == 2)
        let fine = DecimalGrid(lower: 16, upper: 28, step: 0.5)
        #expect(fine.snapped(21.26) == 21.5)
        #expect(fine.snapped(21.24) == 21)
    }

    @Test func upperBoundStaysReachableWhenSpanIsNotWholeSteps() {
        let grid = DecimalGrid(lower: 0, upper: 1, step: 0.3)
        #expect(grid.lastIndex == 3)
        #expect(grid.count == 5)
        #expect(grid.value(at: 3) == 0.9)
        #expect(grid.value(at: 4) == 1)
        #expect(grid.snapped(0.96) == 1)
        #expect(grid.snapped(0.94) == 0.9)
    }

    @Test func countGridEndsExactlyOnTheMaximum() {
        let grid = DecimalGrid(lower: 0, upper: 1, count: 4)
        #expect(grid.count == 4)
        #expect(grid.value(at: 3) == 1)
        #expect(grid.snapped(0.34) == grid.value(at: 1))
        let five = DecimalGrid(lower: 0, upper: 100, count: 5)
        #expect((0..<5).map { five.value(at: $0) } == [0, 25, 50, 75, 100])
    }

    @Test func offGridAndExtremeValuesNeverCrash() {
        let grid = DecimalGrid(lower: 0, upper: 1e15, step: 0.001)
        #expect(grid.snapped(-1e300) == 0)
        #expect(grid.snapped(1e300) == 1e15)
        #expect(grid.snapped(12345.67891) == 12345.679)
        let tiny = DecimalGrid(lower: 0, upper: 1e-9, step: 1e-12)
        #expect(tiny.snapped(5.0004e-10) == 5e-10)
        let irrational = DecimalGrid(lower: 0, upper: 10, step: Double.pi)
        #expect(irrational.decimals == nil)
        #expect(irrational.snapped(6) == 2 * Double.pi)
    }

    @Test func gridsWithMoreStepsThanIntegersHoldNeverTrap() {
        let grid = DecimalGrid(lower: 0, upper: 1e15, step: 1e-6)
        #expect(grid.lastIndex == Int(DecimalGrid.largestIndex))
        #expect(grid.index(atOrBelow: 5e14) == Int(DecimalGrid.largestIndex))
        #expect(grid.snapped(3.0000004) == 3)
        #expect(grid.snapped(1e15) == 1e15)
    }

    @Test func roundingDirectionsRespectValuesOnTheGrid() {
        let grid = DecimalGrid(lower: 0, upper: 1, step: 0.1)
        #expect(grid.snapped(0.3, rounding: .down) == 0.3)
        #expect(grid.snapped(0.3, rounding: .up) == 0.3)
        #expect(grid.snapped(0.31, rounding: .down) == 0.3)
        #expect(grid.snapped(0.31, rounding: .up) == 0.4)
        #expect(grid.index(atOrBelow: 0.3) == 3)
        #expect(grid.index(atOrBelow: 0.35) == 3)
    }

    @Test func decimalPlaces() {
        #expect(DecimalGrid.decimalPlaces(of: 5) == 0)
        #expect(DecimalGrid.decimalPlaces(of: 0.1) == 1)
        #expect(DecimalGrid.decimalPlaces(of: 0.25) == 2)
        #expect(DecimalGrid.decimalPlaces(of: 0.001) == 3)
        #expect(DecimalGrid.decimalPlaces(of: 1.0 / 3) == nil)
        #expect(DecimalGrid.decimalPlaces(of: .nan) == nil)
    }
}
