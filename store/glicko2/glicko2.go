// Package glicko2 is Glickman's Glicko-2 rating system ("Example of the
// Glicko-2 system", 2012): a rating, its deviation (how sure the rating
// is) and a volatility, updated from the games of one rating period.
package glicko2

import "math"

// The system's constants.
const (
	// Scale converts the Glicko scale to Glicko-2's (step 2).
	Scale = 173.7178
	// DefaultRating, DefaultRD and DefaultVolatility are a new player's.
	DefaultRating     = 1500.0
	DefaultRD         = 350.0
	DefaultVolatility = 0.06
	// Tau constrains the change of volatility (0.3 to 1.2; 0.5 here).
	Tau = 0.5
	// epsilon is the convergence tolerance of step 5.
	epsilon = 0.000001
)

// Rating is a player's rating, rating deviation and volatility on the
// Glicko scale (1500, 350, 0.06 for a new player).
type Rating struct {
	R, RD, Vol float64
}

// New is a new player's rating.
func New() Rating { return Rating{DefaultRating, DefaultRD, DefaultVolatility} }

// Result is one game of a rating period: the opponent's rating before it
// and the score (1 a win, 0 a loss, 0.5 a draw).
type Result struct {
	Opponent Rating
	Score    float64
}

// g and e are the paper's g(φ) and E(μ, μj, φj).
func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func e(mu, muJ, phiJ float64) float64 { return 1 / (1 + math.Exp(-g(phiJ)*(mu-muJ))) }

// Expected is the score p expects against o.
func Expected(p, o Rating) float64 {
	return e((p.R-DefaultRating)/Scale, (o.R-DefaultRating)/Scale, o.RD/Scale)
}

// Update is p after the games of one rating period (steps 2-8); with no
// game, only the deviation grows (Inflate by one period).
func Update(p Rating, results []Result, tau float64) Rating {
	if len(results) == 0 {
		return Inflate(p, 1)
	}
	mu, phi, sigma := (p.R-DefaultRating)/Scale, p.RD/Scale, p.Vol
	// Step 3 and 4: the estimated variance v and improvement delta.
	var vInv, sum float64
	for _, r := range results {
		muJ, phiJ := (r.Opponent.R-DefaultRating)/Scale, r.Opponent.RD/Scale
		gj, ej := g(phiJ), e(mu, muJ, phiJ)
		vInv += gj * gj * ej * (1 - ej)
		sum += gj * (r.Score - ej)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > epsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma2 := math.Exp(A / 2)
	// Step 6 to 8.
	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	return Rating{R: Scale*mu2 + DefaultRating, RD: Scale * phi2, Vol: sigma2}
}

// Inflate is p after periods rating periods without a game (a fraction
// counts in proportion): the deviation grows with the volatility, up to a
// new player's.
func Inflate(p Rating, periods float64) Rating {
	if periods <= 0 {
		return p
	}
	phi := p.RD / Scale
	phi = math.Sqrt(phi*phi + p.Vol*p.Vol*periods)
	p.RD = math.Min(Scale*phi, DefaultRD)
	return p
}
