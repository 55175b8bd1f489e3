// R9.1, R9.2: actions as plain data — the kinds, their constructors, and the notation saved games replay.

package rules

import (
	"fmt"
	"strings"
)

// ActionKind is what an action does.
type ActionKind uint8

// The actions of the game.
const (
	ActPlace      ActionKind = iota // R2.1: place a US unit at set-up (Unit, Hex)
	ActHistorical                   // R2.1: the historical set-up preset
	ActSetupDone                    // R2.1: end the set-up; turn 1 begins
	ActMove                         // R5.1: move Unit to the adjacent Hex; With the Tiger along (R4.6)
	ActEnter                        // R5.3, R5.4: Unit (and With) enter from reserve at Hex
	ActExit                         // R5.5: Unit leaves off the west edge
	ActFire                         // R6.1, R6.6: Unit fires at Target (joins the attack)
	ActResolve                      // R6.6: draw the card for the pending attack
	ActRedraw                       // R6.8: redraw a face card drawn in combat
	ActMiss                         // R6.8: take a miss for a face card drawn in combat
	ActAirAttack                    // R7.4: Air attack on the stack in Hex (or only Target)
	ActAirCover                     // R7.5: Air cover on Hex
	ActOBA                          // R7.3: OBA on the stack in Hex (or only Target)
	ActPass                         // R4.5: give up the rest of the round
	numActionKinds
)

var actionNames = [...]string{"place", "historical", "setup-done", "move", "enter", "exit", "fire", "resolve", "redraw", "miss", "air-attack", "air-cover", "oba", "pass"}

// String writes the kind's name as used in the action notation.
func (k ActionKind) String() string {
	if int(k) < len(actionNames) {
		return actionNames[k]
	}
	return "?"
}

// Action is one decision of a player, as plain data. Unused fields hold
// NoUnit or NoHex.
type Action struct {
	Kind   ActionKind
	Unit   UnitID
	With   UnitID
	Target UnitID
	Hex    Hex
}

func act(k ActionKind) Action {
	return Action{Kind: k, Unit: NoUnit, With: NoUnit, Target: NoUnit, Hex: NoHex}
}

// Constructors for each action, so callers never forget the unused fields.

// Place is R2.1's placement of unit u on hex h.
func Place(u UnitID, h Hex) Action { a := act(ActPlace); a.Unit, a.Hex = u, h; return a }

// Historical is R2.1's historical preset.
func Historical() Action { return act(ActHistorical) }

// SetupDone ends the US set-up.
func SetupDone() Action { return act(ActSetupDone) }

// Move moves unit u to the adjacent hex h (R5.1).
func Move(u UnitID, h Hex) Action { a := act(ActMove); a.Unit, a.Hex = u, h; return a }

// MoveWith moves unit u to the adjacent hex h and tiger, the Tiger
// stacked with it, along at no cost (R4.6): one action, legal when u's
// move is and the Tiger may then follow.
func MoveWith(u UnitID, h Hex, tiger UnitID) Action { a := Move(u, h); a.With = tiger; return a }

// Enter brings unit u from reserve onto hex h (R5.3); with is a second
// reserve unit entering with it (R5.4), or NoUnit.
func Enter(u UnitID, h Hex, with UnitID) Action {
	a := act(ActEnter)
	a.Unit, a.Hex, a.With = u, h, with
	return a
}

// Exit moves German unit u off the west edge (R5.5).
func Exit(u UnitID) Action { a := act(ActExit); a.Unit = u; return a }

// Fire adds unit u as a firer of the attack on target (R6.1, R6.6).
func Fire(u, target UnitID) Action { a := act(ActFire); a.Unit, a.Target = u, target; return a }

// Resolve draws the card for the pending attack (R6.8).
func Resolve() Action { return act(ActResolve) }

// Redraw answers a face card drawn in combat by drawing again (R6.8).
func Redraw() Action { return act(ActRedraw) }

// TakeMiss answers a face card drawn in combat by taking a miss (R6.8).
func TakeMiss() Action { return act(ActMiss) }

// AirAttack strikes the German stack in h, or only target if it is not
// NoUnit (R7.4).
func AirAttack(h Hex, target UnitID) Action {
	a := act(ActAirAttack)
	a.Hex, a.Target = h, target
	return a
}

// AirCover places the Air marker as cover on h (R7.5).
func AirCover(h Hex) Action { a := act(ActAirCover); a.Hex = h; return a }

// OBA strikes the German stack in h, or only target (R7.3).
func OBA(h Hex, target UnitID) Action { a := act(ActOBA); a.Hex, a.Target = h, target; return a }

// Pass ends the round (R4.5).
func Pass() Action { return act(ActPass) }

// Canonical is the action with the fields its kind does not use reset to
// NoUnit/NoHex. Apply ignores those fields, so it accepts an action exactly
// when LegalActions lists its canonical form.
func (a Action) Canonical() Action {
	c := act(a.Kind)
	switch a.Kind {
	case ActPlace:
		c.Unit, c.Hex = a.Unit, a.Hex
	case ActMove, ActEnter:
		c.Unit, c.Hex, c.With = a.Unit, a.Hex, a.With
	case ActExit:
		c.Unit = a.Unit
	case ActFire:
		c.Unit, c.Target = a.Unit, a.Target
	case ActAirAttack, ActOBA, ActAirCover:
		// Air cover takes no unit: Apply refuses one (R7.5).
		c.Hex, c.Target = a.Hex, a.Target
	}
	return c
}

// Format writes the action in the compact notation used in saved games and
// replays: "move DR-1 1803", "move DR-1 1803 102" (the Tiger along),
// "enter DR-1 1903 102", "fire TD DR-1",
// "air-attack 1803", "oba 1803 DR-1", "pass".
func (a Action) Format(sc *Scenario) string {
	id := func(u UnitID) string {
		if int(u) < len(sc.Units) {
			return sc.Units[u].ID
		}
		return "?"
	}
	name := a.Kind.String()
	switch a.Kind {
	case ActPlace:
		return name + " " + id(a.Unit) + " " + a.Hex.String()
	case ActMove, ActEnter:
		if a.With != NoUnit {
			return name + " " + id(a.Unit) + " " + a.Hex.String() + " " + id(a.With)
		}
		return name + " " + id(a.Unit) + " " + a.Hex.String()
	case ActExit:
		return name + " " + id(a.Unit)
	case ActFire:
		return name + " " + id(a.Unit) + " " + id(a.Target)
	case ActAirAttack, ActOBA:
		if a.Target != NoUnit {
			return name + " " + a.Hex.String() + " " + id(a.Target)
		}
		return name + " " + a.Hex.String()
	case ActAirCover:
		return name + " " + a.Hex.String()
	}
	return name
}

// ParseAction reads an action written by Format. Unit ids and hexes are
// case-insensitive.
func ParseAction(sc *Scenario, text string) (Action, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return Action{}, fmt.Errorf("empty action")
	}
	kind := ActionKind(255)
	for i, n := range actionNames {
		if strings.EqualFold(f[0], n) {
			kind = ActionKind(i)
		}
	}
	if kind == 255 {
		return Action{}, fmt.Errorf("unknown action %q: want one of %s", f[0], strings.Join(actionNames[:], ", "))
	}
	a := act(kind)
	unit := func(s string) (UnitID, error) {
		u, ok := sc.UnitByID(s)
		if !ok {
			return NoUnit, fmt.Errorf("unknown unit %q", s)
		}
		return u, nil
	}
	want := func(n int, shape string) error {
		if len(f) != n {
			return fmt.Errorf("%s: want %q", kind, shape)
		}
		return nil
	}
	var err error
	switch kind {
	case ActPlace:
		if err = want(3, kind.String()+" UNIT HEX"); err != nil {
			return a, err
		}
		if a.Unit, err = unit(f[1]); err != nil {
			return a, err
		}
		a.Hex, err = ParseHex(f[2])
	case ActMove, ActEnter:
		if len(f) != 3 && len(f) != 4 {
			return a, fmt.Errorf("%s: want %q", kind, kind.String()+" UNIT HEX [WITH]")
		}
		if a.Unit, err = unit(f[1]); err != nil {
			return a, err
		}
		if a.Hex, err = ParseHex(f[2]); err != nil {
			return a, err
		}
		if len(f) == 4 {
			a.With, err = unit(f[3])
		}
	case ActExit:
		if err = want(2, "exit UNIT"); err != nil {
			return a, err
		}
		a.Unit, err = unit(f[1])
	case ActFire:
		if err = want(3, "fire UNIT TARGET"); err != nil {
			return a, err
		}
		if a.Unit, err = unit(f[1]); err != nil {
			return a, err
		}
		a.Target, err = unit(f[2])
	case ActAirAttack, ActOBA:
		if len(f) != 2 && len(f) != 3 {
			return a, fmt.Errorf("%s: want %q", kind, kind.String()+" HEX [UNIT]")
		}
		if a.Hex, err = ParseHex(f[1]); err != nil {
			return a, err
		}
		if len(f) == 3 {
			a.Target, err = unit(f[2])
		}
	case ActAirCover:
		if err = want(2, "air-cover HEX"); err != nil {
			return a, err
		}
		a.Hex, err = ParseHex(f[1])
	default:
		err = want(1, kind.String())
	}
	if err != nil {
		return act(kind), err
	}
	return a, nil
}
