package rules

// HitChance is the chance that an attack of N = n hits (R6.8), reckoned
// from the cards not yet drawn this turn, which every player has seen
// drawn: a number card hits when its value is at most N, the Joker never
// does, and a face card is drawn again unless opt:face-in-combat makes it
// a miss. It never reads the hidden order of the deck.
func (s *State) HitChance(n int) float64 {
	if n < 1 {
		return 0
	}
	var left [11]int // left[v]: undrawn number cards of value v
	for v := 1; v <= 10; v++ {
		left[v] = 4
	}
	jokers, faces := 1, 12
	for _, c := range s.Drawn() {
		switch {
		case c.IsJoker():
			jokers = 0
		case c.IsFace():
			faces--
		case c.Value() > 0:
			left[c.Value()]--
		}
	}
	if s.jokerAside {
		jokers = 0
	}
	total, hits := jokers, 0
	for v := 1; v <= 10; v++ {
		total += left[v]
		if v <= n {
			hits += left[v]
		}
	}
	if s.options.FaceInCombat == FaceMiss {
		total += faces
	}
	if total == 0 {
		return 0
	}
	return float64(hits) / float64(total)
}
