//go:build race

package rules

// raceEnabled scales the long property tests down under the race detector,
// which slows this CPU-bound code about tenfold.
const raceEnabled = true
