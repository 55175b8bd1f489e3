package rules

import (
	"strings"
	"testing"
)

// R7.1: a red odd number (A 3 5 7 9) or a red Jack allows Air; any other
// red card allows OBA; black cards allow neither.
func TestR7_1_WhichCardAllowsWhichMarker(t *testing.T) {
	air := map[string]bool{"A": true, "3": true, "5": true, "7": true, "9": true, "J": true}
	for _, rank := range strings.Fields(rankNames) {
		for _, suit := range []string{"H", "D"} {
			c := rank + suit
			s := pos(t, "round:us/"+c+" ger:DR-1@1803 us:117@1501")
			if air[rank] {
				mustRefuse(t, &s, "oba 1803", "R7.1")
				if !isListed(&s, AirCover(hex(t, "1803"))) || !isListed(&s, AirAttack(hex(t, "1803"), NoUnit)) {
					t.Errorf("%s: Air not listed", c)
				}
			} else {
				mustRefuse(t, &s, "air-attack 1803", "R7.1")
				mustRefuse(t, &s, "air-cover 1803", "R7.1")
				if !isListed(&s, OBA(hex(t, "1803"), NoUnit)) {
					t.Errorf("%s: OBA not listed", c)
				}
			}
		}
	}
	s := pos(t, "round:german/5S ger:DR-1@1803 us:117@1501")
	mustRefuse(t, &s, "air-attack 1803", "R7.1")
	mustRefuse(t, &s, "oba 1803", "R7.1")
}

// R7.1: once per turn, one marker or the other, only as the round's first
// action; using it ends the round.
func TestR7_1_OncePerTurnFirstActionEndsRound(t *testing.T) {
	s := pos(t, "round:us/4H ger:DR-1@1803 us:117@1501 deck:KC,9H")
	do(t, &s, "move 117 1502")
	mustRefuse(t, &s, "oba 1803", "R7.1")
	s = pos(t, "round:us/4H ger:DR-1@1803 us:117@1501 deck:2C,9H,JK")
	log := do(t, &s, "oba 1803")
	if e := one(t, log, EvRoundEnd); e.Reason != ReasonMarkerUsed {
		t.Errorf("round end %q", e.Reason)
	}
	if !s.AirOBAUsed() || s.RoundCard() != card(t, "9H") {
		t.Fatalf("after OBA: used %v, round %s", s.AirOBAUsed(), s.RoundCard())
	}
	mustRefuse(t, &s, "air-attack 1803", "R7.1")
	mustRefuse(t, &s, "air-cover 1803", "R7.1")
	do(t, &s, "pass") // the Joker ends the turn
	if s.Turn() != 2 || s.AirOBAUsed() {
		t.Error("the marker was not restored at the turn end (R4.9)")
	}
}

// R7.2: any German unit or stack on the map, with no range or sight limit.
func TestR7_2_AnyGermanTarget(t *testing.T) {
	s := pos(t, "round:us/4H ger:DR-1@1903 us:117@1101 deck:AC")
	mustRefuse(t, &s, "oba 1503", "R7.2")
	mustRefuse(t, &s, "oba 1101", "R7.2")
	mustRefuse(t, &s, "oba 1903 117", "R7.4")
	mustRefuse(t, &s, "oba 1903 DR-2", "R7.4")
	a := one(t, do(t, &s, "oba 1903"), EvAttack)
	if a.Target != uid(t, "DR-1") || a.Result != ResultFlipped {
		t.Errorf("OBA %+v", a)
	}
}

// R7.3: OBA is strength 3 against tanks and infantry alike.
func TestR7_3_OBAStrength(t *testing.T) {
	for _, tgt := range []string{"DR-1", "DF"} {
		for c, want := range map[string]Result{"3C": ResultFlipped, "4C": ResultMiss} {
			s := pos(t, "round:us/10D ger:"+tgt+"@1803 us:117@1501 deck:"+c)
			a := one(t, do(t, &s, "oba 1803"), EvAttack)
			if a.Source != SourceOBA || a.Strength != 3 || a.N != 3 || a.Result != want || a.Firers != 0 {
				t.Errorf("OBA on %s with %s: %+v", tgt, c, a)
			}
		}
	}
	// Terrain counts: OBA on a city needs a 1.
	s := pos(t, "round:us/10D ger:DF@1402 us:117@1501 deck:2C")
	if a := one(t, do(t, &s, "oba 1402"), EvAttack); a.N != 1 || a.Result != ResultMiss {
		t.Errorf("OBA on Mortain %+v", a)
	}
}

// R7.4: Air is strength 4; against a stack one card is drawn and compared
// with each unit; a named unit is struck alone. No adjacency, Tiger or
// cover modifier applies.
func TestR7_4_AirAttackStack(t *testing.T) {
	s := pos(t, "round:us/JH ger:DR-1@1803,DF@1803*,102@1803 us:117@1703 cov:DR-1 deck:4C")
	log := do(t, &s, "air-attack 1803")
	if d := events(log, EvDraw); !d[0].Combat || d[1].Combat {
		t.Errorf("draws for a stack strike: %+v", d)
	}
	as := events(log, EvAttack)
	if len(as) != 3 {
		t.Fatalf("%d attack events", len(as))
	}
	want := map[UnitID]Result{uid(t, "DR-1"): ResultFlipped, uid(t, "DF"): ResultEliminated, uid(t, "102"): ResultFlipped}
	for _, a := range as {
		if a.Source != SourceAir || a.Strength != 4 || a.N != 4 || a.Card != card(t, "4C") || a.Cover != 0 || a.Adjacent != 0 || a.TigerMod != 0 || a.Result != want[a.Target] {
			t.Errorf("strike on %s: %+v", s.sc.Units[a.Target].ID, a)
		}
	}
	if status(t, &s, "DF").Status != Eliminated || !status(t, &s, "DR-1").Flipped || !status(t, &s, "102").Flipped {
		t.Error("results not applied")
	}
	// One unit named: only it is struck.
	s = pos(t, "round:us/JH ger:DR-1@1803,DF@1803 us:117@1703 deck:4C")
	as = events(do(t, &s, "air-attack 1803 DF"), EvAttack)
	if len(as) != 1 || as[0].Target != uid(t, "DF") || status(t, &s, "DR-1").Flipped {
		t.Errorf("single strike %+v", as)
	}
	// A miss on the whole stack.
	s = pos(t, "round:us/3H ger:DR-1@1804,DF@1804 us:117@1703 deck:4C")
	for _, a := range events(do(t, &s, "air-attack 1804"), EvAttack) {
		if a.N != 3 || a.Result != ResultMiss {
			t.Errorf("strike on the hill %+v", a)
		}
	}
}

// R7.4: the single-unit strike is listed even for a one-unit hex (the
// engine's convention: both forms are offered).
func TestR7_4_BothStrikeFormsListed(t *testing.T) {
	s := pos(t, "round:us/JH ger:DR-1@1803 us:117@1703")
	if !isListed(&s, AirAttack(hex(t, "1803"), NoUnit)) || !isListed(&s, AirAttack(hex(t, "1803"), uid(t, "DR-1"))) {
		t.Error("both strike forms should be listed")
	}
	mustRefuse(t, &s, "air-cover 1703", "R7.2")
}

// R7.5: Air cover covers the German units in the hex and next to it at that
// moment, wherever they move, until the turn ends; their attacks get +1.
func TestR7_5_AirCover(t *testing.T) {
	s := pos(t, "round:us/9D ger:DR-1@1803,DF@1703,DR-2@1503 us:117@1602 deck:9S,AC")
	log := do(t, &s, "air-cover 1803")
	e := one(t, log, EvAirCover)
	if e.To != hex(t, "1803") || e.Firers != 1<<uid(t, "DR-1")|1<<uid(t, "DF") {
		t.Errorf("cover event %+v", e)
	}
	if e := one(t, log, EvRoundEnd); e.Reason != ReasonMarkerUsed {
		t.Errorf("round end %q", e.Reason)
	}
	if !s.Covered(uid(t, "DR-1")) || !s.Covered(uid(t, "DF")) || s.Covered(uid(t, "DR-2")) || !s.AirOBAUsed() {
		t.Fatal("cover marks")
	}
	// German round (9S): DR-2 moves next to 1803 and is not covered; DF
	// moves away and stays covered.
	do(t, &s, "move DR-2 1603")
	do(t, &s, "move DF 1702")
	if s.Covered(uid(t, "DR-2")) || !s.Covered(uid(t, "DF")) {
		t.Error("cover must be fixed when placed")
	}
	a := one(t, do(t, &s, "fire DR-1 117"), EvAttack)
	if a.Cover != 1 || a.Firers != 1<<uid(t, "DR-1") {
		t.Errorf("covered attack %+v", a)
	}
	mustRefuse(t, &s, "air-cover 1803", "R7.1")
	s = pos(t, "round:us/9D ger:DR-1@1803 us:117@1601")
	a2 := AirCover(hex(t, "1803"))
	a2.Target = uid(t, "DR-1")
	mustRefuseAction(t, &s, a2, "R7.5")
}
