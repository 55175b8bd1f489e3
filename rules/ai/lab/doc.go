// Package lab holds the tools that tuned and measured the AI of rules/ai:
// the German weights' searches (tune.go), the US set-up searches
// (setupsearch.go), the value model's fit (fit.go), the speed measures
// (measure.go), the count of the German's losses (losses.go), the view
// of the tactics positions (tacticsshow.go), and the scripted experts
// (expert.go, expertus.go, expertgerman.go): rule-based players for both
// sides that the AI levels spar against, with the blunders a wargamer
// counts (sparring.go). The players do not use it;
// cmd/mortain-lab runs its tools, and their defaults repeat the figures of
// docs/journal/.
package lab
