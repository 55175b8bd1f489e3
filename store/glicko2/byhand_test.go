package glicko2

import (
	"math"
	"testing"
)

// Two new players (1500, RD 350, volatility 0.06) play one game, by hand
// with the paper's steps: mu = 0, phi = 350/173.7178 = 2.014762 for both;
// g(phi_j) = 1/sqrt(1 + 3 · 2.014762²/pi²) = 0.669069; E = 0.5;
// v = 1/(0.669069² · 0.5 · 0.5) = 8.935475; delta = v · g · (s - E) =
// ±2.989226. Step 5 (tau 0.5): a = ln(0.06²); delta² = 8.935475 is below
// phi² + v = 12.994741, so B = a - tau and the iteration gives
// sigma' = 0.05999968. phi* = sqrt(2.014762² + sigma'²) = 2.015655;
// phi' = 1/sqrt(1/phi*² + 1/v) = 1.671210, RD' = 290.3190;
// mu' = ±phi'² · g · 0.5 = ±0.934337: the winner 1662.3109, the loser
// 1337.6891.
func TestOneGameBetweenTwoNewPlayersByHand(t *testing.T) {
	for _, c := range []struct {
		score, r float64
	}{{1, 1662.3109}, {0, 1337.6891}} {
		got := Update(New(), []Result{{Opponent: New(), Score: c.score}}, Tau)
		near(t, "rating", got.R, c.r, 0.0005)
		near(t, "RD", got.RD, 290.3190, 0.0005)
		if math.Abs(got.Vol-0.05999968) > 1e-8 {
			t.Errorf("volatility %.9f, want 0.05999968", got.Vol)
		}
	}
	if e := Expected(New(), New()); e != 0.5 {
		t.Errorf("Expected between equals %v", e)
	}
	// Against 1556.0715 (the US's expected score under the side
	// advantage of docs/ratings.md): mu_j = 0.322773, E = 0.446219,
	// v = 9.040063, sigma' = 0.05999985, phi' = 1.674240, mu' = 1.038591.
	opp := Rating{R: 1556.0715, RD: 350, Vol: 0.06}
	if e := Expected(New(), opp); math.Abs(e-0.446219) > 1e-6 {
		t.Errorf("E = %.6f, want 0.446219", e)
	}
	got := Update(New(), []Result{{Opponent: opp, Score: 1}}, Tau)
	near(t, "rating", got.R, 1680.4217, 0.0005)
	near(t, "RD", got.RD, 290.8453, 0.0005)
	if math.Abs(got.Vol-0.05999985) > 1e-8 {
		t.Errorf("volatility %.9f, want 0.05999985", got.Vol)
	}
}

// A player away grows their deviation by the volatility per period, up to
// a new player's: 80 after 30 periods is
// 173.7178 · sqrt((80/173.7178)² + 0.06² · 30) = 98.2813.
func TestInflateByHand(t *testing.T) {
	p := Rating{R: 1600, RD: 80, Vol: 0.06}
	near(t, "RD after 30 periods", Inflate(p, 30).RD, 98.2813, 0.0005)
	near(t, "RD after half a period", Inflate(p, 0.5).RD, 80.3388, 0.0005)
	if Inflate(p, 0) != p || Inflate(p, -1) != p {
		t.Error("no time away changes the deviation")
	}
	if got := Inflate(Rating{R: 1600, RD: 345, Vol: 0.06}, 100).RD; got != DefaultRD {
		t.Errorf("RD %v, want capped at %v", got, DefaultRD)
	}
}

// A rating period without a game only grows the deviation, as Inflate
// by one period does.
func TestAPeriodWithoutAGameOnlyGrowsTheDeviation(t *testing.T) {
	p := Rating{R: 1600, RD: 80, Vol: 0.06}
	got := Update(p, nil, Tau)
	if got != Inflate(p, 1) || got.R != 1600 || got.Vol != 0.06 {
		t.Errorf("Update without games = %+v, want %+v", got, Inflate(p, 1))
	}
	near(t, "RD", got.RD, 173.7178*math.Sqrt((80/173.7178)*(80/173.7178)+0.06*0.06), 1e-9)
}
