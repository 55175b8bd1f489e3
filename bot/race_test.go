//go:build race

package bot_test

// raceEnabled: the race detector slows rendering several times over.
const raceEnabled = true
