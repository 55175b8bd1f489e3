// Package rules is the complete game of Stand at Mortain (Paul Rohrbaugh,
// 2006) as specified in the project's rules document (R1-R9): the map, the
// units, the deck, the dealer, every action and every option.
//
// The package does no I/O. A game is a State (a plain value that copies
// without allocating, for search) wrapped by a Game that keeps the seed, the
// actions and the event log, so that any game can be replayed exactly (R9.2).
// Every action goes through Apply, which either performs it and reports the
// events it caused, or returns a *RuleError naming the rule broken and leaves
// the state exactly as it was (R9.1). LegalActions lists exactly the actions
// Apply accepts.
package rules
