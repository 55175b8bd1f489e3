package glicko2

import "math"

// Mortain's policy for the asymmetry of its game: the side a player holds
// changes their expected score. The database (store) applies it as it
// rates a game; the AI's lab uses it to put the AI levels on the same
// scale.

// priorUSWins and priorGames are the prior of the US win rate: the
// arena's, hard against hard at the default budget (docs/balance.md: the
// German wins 58%), weighted as 20 games.
const (
	priorUSWins = 0.42
	priorGames  = 20.0
)

// SideAdvantage is the US side's advantage in rating points (negative
// when the German is favoured) for a server whose rated games the US won
// usWins of games: the US win rate, drawn towards the arena's by a prior
// of 20 games, as the rating difference that gives it.
func SideAdvantage(usWins, games int) float64 {
	p := (float64(usWins) + priorUSWins*priorGames) / (float64(games) + priorGames)
	return 400 * math.Log10(p/(1-p))
}
