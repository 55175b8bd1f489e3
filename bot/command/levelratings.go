package command

// The AI levels' ratings on the players' scale, by side: the fit of
// mortain-lab level-ratings to the matches of docs/ratings.md ("The AI
// levels on the same scale").
const (
	LevelRatingRandomUS     = 1097
	LevelRatingRandomGerman = 503
	LevelRatingEasyUS       = 1612
	LevelRatingEasyGerman   = 1361
	LevelRatingHardUS       = 1819
	LevelRatingHardGerman   = 1717
)
