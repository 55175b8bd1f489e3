//go:build !race

package rules

// raceEnabled scales the long property tests down under the race detector.
const raceEnabled = false
