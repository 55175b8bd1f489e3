package command

import (
	"context"
	"strings"
	"testing"

	"github.com/mortain/mortain/rules"
)

// A command that ends a game asks first, and a refused new leaves the
// running game exactly as it was.
func TestEndingAGameNeedsConfirmation(t *testing.T) {
	s, st := newService(t, 3)
	mustDo(t, s, ann, "new opponent:<@2> side:us")
	mustDo(t, s, ann, "setup preset:historical")
	before, _ := st.Get(testKey)

	r := do(t, s, ann, "new mode:ai")
	if !r.Refused || !strings.Contains(r.Private, "confirm:yes") || len(r.Offer) != 1 {
		t.Fatalf("new over a running game: %+v", r)
	}
	after, _ := st.Get(testKey)
	if after.Game.State.Phase() != before.Game.State.Phase() || len(after.Game.History) != len(before.Game.History) || after.Seats[rules.German] != before.Seats[rules.German] {
		t.Fatal("a refused new changed the running game")
	}
	// Only the one who asked may press its Confirm button.
	if r := s.HandleButton(context.Background(), testKey, bob, r.Offer[0].CustomID); !r.Refused {
		t.Errorf("bob pressed ann's Confirm: %+v", r)
	}
	r = s.HandleButton(context.Background(), testKey, ann, r.Offer[0].CustomID)
	if r.Refused || !strings.Contains(r.Posts[0].Text, "was ended without a result") {
		t.Fatalf("Confirm: %+v", r)
	}
	if rec, _ := st.Get(testKey); rec.Seats[rules.German].AI == "" {
		t.Errorf("the new game is not the one asked for: %+v", rec.Seats)
	}
	arch, _ := st.Archive(testKey.Guild, 10)
	if len(arch) != 1 || arch[0].Outcome.End != rules.Aborted {
		t.Errorf("the replaced game was not archived without a result: %+v", arch)
	}

	// resign and abort ask too, and their buttons act once pressed.
	r = do(t, s, ann, "resign")
	if !r.Refused || len(r.Offer) != 1 {
		t.Fatalf("resign without confirm: %+v", r)
	}
	mustRefuse(t, s, st, mod, "abort", "confirm:yes")
	r = s.HandleButton(context.Background(), testKey, ann, r.Offer[0].CustomID)
	if r.Refused || !r.Over {
		t.Fatalf("resign's Confirm: %+v", r)
	}
}
