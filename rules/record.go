// R9.1, R9.2: fair dealing — a commitment to the seed, and a record of the game anyone can verify.

package rules

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Fair dealing anyone can check: when a game starts its players see a
// commitment to the seed that deals every card (R9.1) — the SHA-256 of the
// seed and a random salt — and when it ends the seed and the salt are
// revealed. A Record of the game then lets anyone recompute the commitment
// and replay every shuffle and draw.

// RecordFormat names the format of an exported game. Since format 2 a
// record states how its game ended (Outcome), and a resignation or a loss
// on time is one of its actions ("resign us"), so that Verify checks it.
const RecordFormat = "mortain-record/2"

// RecordFormatV1 names the format of records written before a game's end
// was a step of its history: Verify checks their result only when the
// rules ended the game.
const RecordFormatV1 = "mortain-record/1"

// KnownRecordFormat reports whether Verify reads records of format f.
func KnownRecordFormat(f string) bool { return f == RecordFormat || f == RecordFormatV1 }

// Commitment is the SHA-256, in hex, of a game's seed and salt: what the
// players see at the start, before the seed is revealed.
func Commitment(seed uint64, salt string) string {
	sum := sha256.Sum256([]byte(strconv.FormatUint(seed, 10) + ":" + salt))
	return fmt.Sprintf("%x", sum)
}

// Record is a game as exported: self-contained (scenario, options, every
// action) and checkable. Seed and Salt are left out while the game runs.
type Record struct {
	Format     string            `json:"format"`
	Scenario   json.RawMessage   `json:"scenario"`
	Options    Options           `json:"options"`
	Players    map[string]string `json:"players,omitempty"` // side -> who held it
	Commitment string            `json:"commitment"`
	Seed       *uint64           `json:"seed,omitempty"`
	Salt       string            `json:"salt,omitempty"`
	Actions    []string          `json:"actions"`
	// Draws are the cards as they were drawn, in order.
	Draws []string `json:"draws"`
	// Result is Outcome in English (Outcome.String), for people.
	Result string `json:"result,omitempty"`
	// Outcome is how the game ended; nil while it runs (and in format 1).
	Outcome *Outcome `json:"outcome,omitempty"`
}

// NewRecord exports g, whose seed is committed to with salt; reveal adds
// the seed and the salt (once the game is over).
func NewRecord(g *Game, salt string, reveal bool) *Record {
	sc := g.State.Scenario()
	r := &Record{Format: RecordFormat, Scenario: json.RawMessage(bytes.Clone(sc.Source)), Options: g.State.Options(),
		Commitment: Commitment(g.Seed, salt), Actions: append([]string{}, g.History...), Draws: draws(g.Log)}
	if reveal {
		seed := g.Seed
		r.Seed, r.Salt = &seed, salt
	}
	if o := g.State.Outcome(); o.End != NotEnded {
		r.Outcome, r.Result = &o, o.String()
	}
	return r
}

// StateEnd states how a game ended that its history does not end: it was
// aborted or abandoned. A game resigned or lost on time before those were
// steps of the history (an older game) is stated in the older format,
// whose result Verify reports as not checked.
func (r *Record) StateEnd(o Outcome) {
	r.Result = o.String()
	if o.Winner != NoSide {
		r.Format, r.Outcome = RecordFormatV1, nil
		return
	}
	r.Outcome = &o
}

// DebugEdits lists the steps of the record that are debug steps (numbered
// from 1): edits, by which a game was set up or dealt by hand, not by its
// seed, and reads that showed the undrawn cards (IsDebugRead).
func (r *Record) DebugEdits() []int {
	var out []int
	for i, a := range r.Actions {
		if isDebugStep(a) {
			out = append(out, i+1)
		}
	}
	return out
}

// IsDebugRead reports whether a step of a history is a debug read: one
// that changed nothing but showed the undrawn cards ("debug position").
func IsDebugRead(step string) bool {
	f := strings.Fields(step)
	return len(f) == 2 && strings.EqualFold(f[0], "debug") && strings.EqualFold(f[1], "position")
}

// draws lists the cards drawn in a log, in order.
func draws(log []Event) []string {
	out := []string{}
	for _, e := range log {
		if e.Kind == EvDraw {
			out = append(out, e.Card.String())
		}
	}
	return out
}

// Verify checks a record: its seed and salt give its commitment,
// replaying its actions from that seed deals exactly its draws, its result
// and outcome are the replay's (a game played out, resigned or lost on
// time, each a step of the actions; an aborted or abandoned game names no
// winner), and no step is a debug edit. The error names the first
// mismatch, or the first debug edit. A record of format 1 whose game the
// rules did not end gets an *UncheckedResultError: its dealing is
// checked, its result cannot be.
func (r *Record) Verify() error {
	if !KnownRecordFormat(r.Format) {
		return fmt.Errorf("not a Mortain game record (format %q, want %q)", r.Format, RecordFormat)
	}
	if r.Seed == nil || r.Salt == "" {
		return fmt.Errorf("the record has no seed and salt: they are revealed when the game ends")
	}
	if got := Commitment(*r.Seed, r.Salt); got != r.Commitment {
		return fmt.Errorf("the seed and salt give the commitment %s, but the game was started with %s", got, r.Commitment)
	}
	sc := DefaultScenario()
	if len(r.Scenario) > 0 && !bytes.Equal(r.Scenario, sc.Source) {
		var err error
		if sc, err = ParseScenario(r.Scenario); err != nil {
			return fmt.Errorf("the record's scenario: %w", err)
		}
	}
	g, err := Replay(sc, r.Options, *r.Seed, r.Actions)
	if err != nil {
		return fmt.Errorf("replaying the actions from the seed: %w", err)
	}
	if err := r.checkDraws(g); err != nil {
		return err
	}
	unchecked, err := r.checkResult(g)
	if err != nil {
		return err
	}
	if edits := r.DebugEdits(); len(edits) > 0 {
		n := edits[0]
		if IsDebugRead(r.Actions[n-1]) {
			return fmt.Errorf("step %d, %q, is a debug read (%d debug steps in all): the undrawn cards were shown, so the dealing was not secret (a debug game)", n, r.Actions[n-1], len(edits))
		}
		return fmt.Errorf("step %d, %q, is a debug edit (%d in all): the position or the cards were set by hand, not dealt by the seed alone", n, r.Actions[n-1], len(edits))
	}
	if unchecked != nil {
		return unchecked
	}
	return nil
}

// checkDraws compares the record's draws with those of the replayed game g.
func (r *Record) checkDraws(g *Game) error {
	dealt := draws(g.Log)
	for i := 0; i < max(len(dealt), len(r.Draws)); i++ {
		switch {
		case i >= len(r.Draws):
			return fmt.Errorf("draw %d: the seed deals %s, but the record ends after %d draws", i+1, dealt[i], len(r.Draws))
		case i >= len(dealt):
			return fmt.Errorf("draw %d: the record says %s, but the seed deals no more cards for these actions", i+1, r.Draws[i])
		case dealt[i] != r.Draws[i]:
			return fmt.Errorf("draw %d: the record says %s, but the seed deals %s", i+1, r.Draws[i], dealt[i])
		}
	}
	return nil
}

// RulesResult reports whether the record's result is one the rules give
// ("US wins: R8.4 ..."). Once Verify passes, such a result is the
// replay's.
func (r *Record) RulesResult() bool {
	return strings.HasPrefix(r.Result, US.Title()+" wins: R8.") || strings.HasPrefix(r.Result, German.Title()+" wins: R8.")
}

// UncheckedResultError is Verify's answer for a record of format 1 whose
// game the rules did not end (it was resigned, lost on time or aborted):
// its dealing is honest, but such a record has no step for how its game
// ended, so its result is the players' word.
type UncheckedResultError struct {
	// Result is the record's result, as it says it.
	Result string
}

// Error says why the result is not checked.
func (e *UncheckedResultError) Error() string {
	return fmt.Sprintf("the record is of the older format %s, which has no step for a resignation or a loss on time, and the rules did not end its game: its result (%q) is not checked", RecordFormatV1, e.Result)
}

// checkResult compares the record's result and outcome with the replayed
// game g. A game its actions ended (by the rules, a resignation or a loss
// on time) must carry exactly that end; one they did not end may only
// claim an end without a winner (aborted, abandoned), or, in format 1,
// anything but a result of the rules, which is returned as unchecked.
func (r *Record) checkResult(g *Game) (*UncheckedResultError, error) {
	want := g.State.Outcome()
	switch {
	case want.End != NotEnded && r.Result != want.String():
		return nil, fmt.Errorf("the record's result is %q, but the replay ends %q%s", r.Result, want.String(), r.endStepNote())
	case want.End != NotEnded && r.Format == RecordFormat && (r.Outcome == nil || *r.Outcome != want):
		return nil, fmt.Errorf("the record's outcome is %s, but the replay ends %q%s", r.outcomeText(), want.String(), r.endStepNote())
	case want.End != NotEnded:
		return nil, nil
	case r.RulesResult():
		return nil, fmt.Errorf("the record's result is %q, but in the replay the rules have not ended the game (turn %d)", r.Result, g.State.Turn())
	case r.Format == RecordFormatV1 && r.Result != "":
		return &UncheckedResultError{Result: r.Result}, nil
	case r.Outcome != nil && r.Outcome.Winner != NoSide:
		return nil, fmt.Errorf("the record says %q, but no step of its actions ends the game (turn %d): a resignation or a loss on time is one (\"resign us\")", r.Result, g.State.Turn())
	case r.Outcome != nil && r.Result != r.Outcome.String(), r.Outcome == nil && r.Result != "":
		return nil, fmt.Errorf("the record's result is %q, but its outcome is %s", r.Result, r.outcomeText())
	}
	return nil, nil
}

// outcomeText is the record's outcome as its String, quoted, or "none".
func (r *Record) outcomeText() string {
	if r.Outcome == nil {
		return "none"
	}
	return strconv.Quote(r.Outcome.String())
}

// endStepNote names the record's last action when it ends the game
// without the rules (" (step 57, \"resign us\")"), else "".
func (r *Record) endStepNote() string {
	if n := len(r.Actions); n > 0 && EndStep(r.Actions[n-1]) {
		return fmt.Sprintf(" (step %d, %q)", n, r.Actions[n-1])
	}
	return ""
}
