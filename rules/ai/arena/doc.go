// Package arena measures the players of rules/ai against each other, as
// mortain arena does: matches of many games between two levels
// (RunArena), one match from each set-up of the suite (RunSetupSuite) and
// the tactics suite, positions with the right moves (RunTactics).
package arena
