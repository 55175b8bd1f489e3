package arena

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
)

// SetupMode is how the US sets up in an arena match (SetupSpec).
type SetupMode int

// The set-up modes of SetupSpec.
const (
	SetupAI         SetupMode = iota // the US level's own choice
	SetupHistorical                  // the historical preset (R2.1)
	SetupRandom                      // a fresh legal set-up each game, from the game's seed
	SetupFixed                       // SetupSpec.Fixed in every game
)

// SetupSpec is the US set-up of an arena match; the zero value lets the
// US level choose.
type SetupSpec struct {
	Mode  SetupMode
	Fixed ai.USSetup // for SetupFixed
}

// ErrSetupSuite is returned by ParseSetupSpec for "suite", which names the
// whole suite of set-ups (SetupSuite, RunSetupSuite) rather than one.
var ErrSetupSuite = errors.New("the set-up suite is not one set-up")

// ParseSetupSpec reads an arena's --us-setup: "ai", "historical", "random",
// or a set-up such as "117@1401 119@1804 120@1202 823@1405 TD@1503"
// (ai.ParseUSSetup, against sc; nil: the default scenario) or the name of a
// set-up of the suite (e.g. "searched-1"). "suite" returns ErrSetupSuite.
func ParseSetupSpec(spec string, sc *rules.Scenario) (SetupSpec, error) {
	switch strings.ToLower(strings.TrimSpace(spec)) {
	case "", "ai":
		return SetupSpec{Mode: SetupAI}, nil
	case "historical":
		return SetupSpec{Mode: SetupHistorical}, nil
	case "random":
		return SetupSpec{Mode: SetupRandom}, nil
	case "suite":
		return SetupSpec{}, ErrSetupSuite
	}
	if !strings.Contains(spec, "@") {
		suite, err := ai.SetupSuite()
		if err != nil {
			return SetupSpec{}, err
		}
		for _, e := range suite {
			if strings.EqualFold(e.Name, strings.TrimSpace(spec)) {
				if err := e.Setup.Check(sc); err != nil {
					return SetupSpec{}, err
				}
				return SetupSpec{Mode: SetupFixed, Fixed: e.Setup}, nil
			}
		}
		return SetupSpec{}, fmt.Errorf("US set-up %q: want ai, historical, random, suite, the name of a set-up of the suite, or UNIT@HEX placements such as \"117@1401 119@1804 120@1202 823@1405 TD@1503\"", spec)
	}
	u, err := ai.ParseUSSetup(spec, sc)
	if err != nil {
		return SetupSpec{}, err
	}
	return SetupSpec{Mode: SetupFixed, Fixed: u}, nil
}

// String is the spec as ParseSetupSpec reads it.
func (s SetupSpec) String() string {
	switch s.Mode {
	case SetupHistorical:
		return "historical"
	case SetupRandom:
		return "random"
	case SetupFixed:
		return s.Fixed.String()
	}
	return "ai"
}

// forGame is the set-up the US plays in an arena game with game seed
// gseed, or nil when the US level chooses.
func (s SetupSpec) forGame(sc *rules.Scenario, gseed uint64) ai.USSetup {
	switch s.Mode {
	case SetupHistorical:
		return ai.HistoricalUSSetup(sc)
	case SetupRandom:
		return ai.RandomUSSetup(sc, gseed)
	case SetupFixed:
		return s.Fixed
	}
	return nil
}
