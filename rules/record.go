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

// RecordFormat names the format of an exported game.
const RecordFormat = "mortain-record/1"

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
	Draws  []string `json:"draws"`
	Result string   `json:"result,omitempty"`
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
	r.Result = rulesResult(g)
	return r
}

// rulesResult is the result of a game the rules ended, as a record states
// it ("US wins: R8.4 ..."), or "" while the rules have not ended it.
func rulesResult(g *Game) string {
	if !g.State.Over() {
		return ""
	}
	return g.State.Winner().Title() + " wins: " + g.State.WinReason().String()
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
// is the replay's, and no step is a debug edit. The error names the first
// mismatch, or the first debug edit.
func (r *Record) Verify() error {
	if r.Format != RecordFormat {
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
	if err := r.checkResult(g); err != nil {
		return err
	}
	if edits := r.DebugEdits(); len(edits) > 0 {
		n := edits[0]
		if IsDebugRead(r.Actions[n-1]) {
			return fmt.Errorf("step %d, %q, is a debug read (%d debug steps in all): the undrawn cards were shown, so the dealing was not secret (a debug game)", n, r.Actions[n-1], len(edits))
		}
		return fmt.Errorf("step %d, %q, is a debug edit (%d in all): the position or the cards were set by hand, not dealt by the seed alone", n, r.Actions[n-1], len(edits))
	}
	return nil
}

// RulesResult reports whether the record's result is one the rules give
// ("US wins: R8.4 ..."), as opposed to a resignation or an abort, which a
// replay cannot show. Once Verify passes, such a result is the replay's.
func (r *Record) RulesResult() bool {
	return strings.HasPrefix(r.Result, US.Title()+" wins: ") || strings.HasPrefix(r.Result, German.Title()+" wins: ")
}

// checkResult compares the record's result with the replayed game g: a
// game the rules ended must carry exactly that result; a game they did not
// end (resigned or aborted, which no replay shows) must not claim one.
func (r *Record) checkResult(g *Game) error {
	want := rulesResult(g)
	switch {
	case want != "" && r.Result != want:
		return fmt.Errorf("the record's result is %q, but the replay ends %q", r.Result, want)
	case want == "" && r.RulesResult():
		return fmt.Errorf("the record's result is %q, but in the replay the rules have not ended the game (turn %d)", r.Result, g.State.Turn())
	}
	return nil
}
