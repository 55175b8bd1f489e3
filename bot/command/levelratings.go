package command

// The AI levels' ratings, as mortain-lab level-ratings printed them
// (docs/ai.md, "Ratings of the levels").
const (
	LevelRatingRandomUS     = 800
	LevelRatingRandomGerman = 800
	LevelRatingEasyUS       = 1500
	LevelRatingEasyGerman   = 1500
	LevelRatingHardUS       = 1700
	LevelRatingHardGerman   = 1700
)
