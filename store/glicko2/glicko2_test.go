package glicko2

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.5f, want %.5f", what, got, want)
	}
}

// The worked example of Glickman's paper: a player of 1500, RD 200,
// volatility 0.06 wins against 1400/30 and loses against 1550/100 and
// 1700/300, with tau 0.5.
func TestThePapersExample(t *testing.T) {
	p := Rating{1500, 200, 0.06}
	got := Update(p, []Result{
		{Rating{1400, 30, 0.06}, 1},
		{Rating{1550, 100, 0.06}, 0},
		{Rating{1700, 300, 0.06}, 0},
	}, 0.5)
	near(t, "rating", got.R, 1464.06, 0.01)
	near(t, "RD", got.RD, 151.52, 0.01)
	near(t, "volatility", got.Vol, 0.05999, 0.00001)
}

func TestTheDeviationGrowsWhileAPlayerIsAway(t *testing.T) {
	p := Rating{1600, 60, 0.06}
	day := Inflate(p, 1)
	year := Inflate(p, 365)
	if !(day.RD > p.RD && year.RD > day.RD) || day.R != p.R {
		t.Errorf("RD after a day %.2f, after a year %.2f, from %.2f", day.RD, year.RD, p.RD)
	}
	near(t, "RD after a year", year.RD, math.Sqrt(60*60+365*(0.06*Scale)*(0.06*Scale)), 0.01)
	if Inflate(p, 1e9).RD != DefaultRD {
		t.Error("the deviation grows past a new player's")
	}
}

func TestAWinRaisesAndALossLowersMoreAgainstTheStronger(t *testing.T) {
	p := New()
	strong, weak := Rating{1800, 80, 0.06}, Rating{1200, 80, 0.06}
	winStrong := Update(p, []Result{{strong, 1}}, Tau).R - p.R
	winWeak := Update(p, []Result{{weak, 1}}, Tau).R - p.R
	if !(winStrong > winWeak && winWeak > 0) {
		t.Errorf("a win against 1800 gives %+.1f, against 1200 %+.1f", winStrong, winWeak)
	}
	if Expected(Rating{1700, 50, 0.06}, Rating{1500, 50, 0.06}) <= 0.5 {
		t.Error("the stronger player is not expected to win")
	}
}
