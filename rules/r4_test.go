package rules

import (
	"strings"
	"testing"
)

// R4.1: a turn begins by shuffling all 53 cards.
func TestR4_1_TurnShufflesAll53(t *testing.T) {
	s := pos(t, "turn:2 round:us/1 deck:JK us:117@1501")
	log := do(t, &s, "pass")
	one(t, log, EvTurnEnd)
	one(t, log, EvTurnStart)
	if s.Turn() != 3 {
		t.Fatalf("turn %d", s.Turn())
	}
	// Only the cards drawn since the new turn began are out of the deck.
	n := 0
	seenStart := false
	for _, e := range log {
		if e.Kind == EvTurnStart {
			seenStart = true
		}
		if e.Kind == EvDraw && seenStart {
			n++
		}
	}
	if s.DeckLeft() != DeckSize-n || n == 0 {
		t.Errorf("deck left %d after %d draws", s.DeckLeft(), n)
	}
}

// R4.2: a black card starts a German round, a red card a US round.
func TestR4_2_CardColourChoosesSide(t *testing.T) {
	s := pos(t, "round:us/1 deck:5S,7H,9C,2D us:117@1501")
	for _, want := range []struct {
		side Side
		card string
	}{{German, "5S"}, {US, "7H"}, {German, "9C"}, {US, "2D"}} {
		log := do(t, &s, "pass")
		e := one(t, log, EvRoundStart)
		if e.Side != want.side || e.Card != card(t, want.card) || s.RoundSide() != want.side || s.ToAct() != want.side {
			t.Fatalf("%s started a %s round", want.card, e.Side)
		}
	}
}

// R4.3: a number card gives ceil(value/2) points (A=1, 2=1, 3=2 ... 9=5,
// 10=5); a face card activates one unit or one stack.
func TestR4_3_ActivationPoints(t *testing.T) {
	want := []int{1, 1, 2, 2, 3, 3, 4, 4, 5, 5}
	for rank := 1; rank <= 10; rank++ {
		for _, suit := range []Suit{Spades, Hearts} {
			c := NewCard(rank, suit)
			if c.ActivationPoints() != want[rank-1] {
				t.Errorf("%s gives %d points", c, c.ActivationPoints())
			}
			s := pos(t, "round:us/1 us:117@1501 deck:"+c.String())
			e := one(t, do(t, &s, "pass"), EvRoundStart)
			if int(e.Points) != want[rank-1] || s.PointsLeft() != want[rank-1] || s.FaceRound() {
				t.Errorf("%s: round with %d points, want %d", c, s.PointsLeft(), want[rank-1])
			}
		}
	}
	for _, c := range []string{"JS", "QH", "KD"} {
		s := pos(t, "round:us/1 us:117@1501 deck:"+c)
		e := one(t, do(t, &s, "pass"), EvRoundStart)
		if !e.Face || !s.FaceRound() || card(t, c).ActivationPoints() != 0 {
			t.Errorf("%s does not start a face-card round", c)
		}
	}
	// Points are spent one activation at a time.
	s := pos(t, "round:us/3 us:117@1501,119@1101")
	do(t, &s, "move 117 1502")
	if s.PointsLeft() != 2 {
		t.Errorf("%d points left", s.PointsLeft())
	}
}

// R4.3: a face card activates one unit or all the side's units in one hex.
func TestR4_3_FaceCardActivatesOneStack(t *testing.T) {
	s := pos(t, "round:us/QH us:117@1701,120@1501,823@1501 deck:5S")
	if s.PointsLeft() != 1 {
		t.Errorf("before the stack is chosen: %d", s.PointsLeft())
	}
	do(t, &s, "move 120 1502")
	if s.PointsLeft() != 1 {
		t.Errorf("one of the stack left to act: %d", s.PointsLeft())
	}
	mustRefuse(t, &s, "move 117 1601", "R4.3")
	log := do(t, &s, "move 823 1401")
	if e := one(t, log, EvRoundEnd); !strings.Contains(e.Reason.String(), "R4.5") {
		t.Errorf("round end: %q", e.Reason)
	}
	if s.RoundCard() != card(t, "5S") {
		t.Errorf("next round card %s", s.RoundCard())
	}
	// A stack includes the Tiger, free of the stacking count.
	s = pos(t, "round:german/KS ger:DR-1@1803,DF@1803,102@1803,D@1703 us:117@1501")
	do(t, &s, "move DR-1 1802")
	mustRefuse(t, &s, "move D 1702", "R4.3")
	mustRefuse(t, &s, "enter DR-2 1903", "R4.3")
	do(t, &s, "move 102 1802")
	do(t, &s, "move DF 1804")
	// An entry with a face card is the activated "stack": the entering unit.
	s = pos(t, "round:german/JC ger:D@1703 us:117@1501 deck:5S")
	do(t, &s, "enter DR-1 1903")
	if s.RoundCard() != card(t, "5S") {
		t.Error("the face-card round did not end after the entry")
	}
}

// R4.4: a unit moves or fires, not both, and is activated at most once a
// round; it may act again in a later round.
func TestR4_4_OneActivationPerRound(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1602,120@1501 ger:DF@1803 deck:3H")
	do(t, &s, "move 117 1702")
	mustRefuse(t, &s, "move 117 1602", "R4.4")
	mustRefuse(t, &s, "fire 117 DF", "R4.4")
	if !s.Activated(uid(t, "117")) || s.Activated(uid(t, "120")) {
		t.Error("Activated")
	}
	do(t, &s, "pass")
	if s.RoundCard() != card(t, "3H") || s.Activated(uid(t, "117")) {
		t.Fatal("new round")
	}
	do(t, &s, "fire 117 DF")
}

// R4.5: pass gives up the points left; the round also ends without points,
// or with no legal action.
func TestR4_5_PassAndRoundEnd(t *testing.T) {
	s := pos(t, "round:us/5 us:117@1501 deck:3S")
	log := do(t, &s, "pass")
	if e := one(t, log, EvPass); e.Side != US {
		t.Errorf("pass by %s", e.Side)
	}
	if e := one(t, log, EvRoundEnd); e.Reason != ReasonPassed {
		t.Errorf("round end %q", e.Reason)
	}
	if s.RoundSide() != German || s.PointsLeft() != 2 {
		t.Errorf("next round %s %d", s.RoundSide(), s.PointsLeft())
	}
	// No points left: the round ends by itself.
	s = pos(t, "round:us/1 us:117@1501 deck:5S")
	log = do(t, &s, "move 117 1502")
	if e := one(t, log, EvRoundEnd); e.Reason != ReasonNoActivationLeft {
		t.Errorf("round end %q", e.Reason)
	}
	if s.RoundCard() != card(t, "5S") {
		t.Errorf("round card %s", s.RoundCard())
	}
	// No legal action at all: a US round with nothing on the map, the
	// reserve closed (turn 1) and the marker used ends as it starts.
	s = pos(t, "round:german/1 res:CCA,CCB,CCR elim:117,119,120,823,TD ger:DR-1@1803 air:used deck:4H,6S")
	log = do(t, &s, "move DR-1 1703")
	ends := events(log, EvRoundEnd)
	if len(ends) != 2 || ends[1].Side != US || ends[1].Reason != ReasonNoLegalAction {
		t.Fatalf("round ends %+v", ends)
	}
	if s.RoundCard() != card(t, "6S") || s.Over() {
		t.Errorf("round card %s", s.RoundCard())
	}
}

// R4.5: passing with an attack pending resolves it first.
func TestR4_5_PassResolvesPendingAttack(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1602,120@1603 ger:DF@1702 deck:3C,5S")
	do(t, &s, "fire 117 DF")
	if _, _, ok := s.PendingAttack(); !ok {
		t.Fatal("the attack resolved before 120 could join")
	}
	log := do(t, &s, "pass")
	a := one(t, log, EvAttack)
	if a.Card != card(t, "3C") || a.N != 6 || a.Result != ResultFlipped {
		t.Errorf("attack %+v", a)
	}
	if !status(t, &s, "DF").Flipped || s.RoundCard() != card(t, "5S") {
		t.Error("pass did not resolve and end the round")
	}
}

// R4.6: a unit stacked with the Tiger lets it move with it free, even with
// no points left.
func TestR4_6_TigerMovesFreeWithStackedUnit(t *testing.T) {
	s := pos(t, "round:german/1 ger:DR-1@1803,102@1803 us:117@1501 deck:5H")
	do(t, &s, "move DR-1 1703")
	if s.PointsLeft() != 0 || s.RoundCard() == card(t, "5H") {
		t.Fatal("the round ended before the Tiger could follow")
	}
	mustRefuse(t, &s, "move 102 1802", "R4.3")
	log := do(t, &s, "move 102 1703")
	if e := one(t, log, EvMove); !e.Free || e.To != hex(t, "1703") {
		t.Errorf("Tiger move %+v", e)
	}
	if s.RoundCard() != card(t, "5H") {
		t.Error("the round did not end after the free move")
	}
}

// R4.6: the Tiger fires free into the attack of a unit stacked with it.
func TestR4_6_TigerFiresFreeWithStackedUnit(t *testing.T) {
	s := pos(t, "round:german/1 ger:DR-1@1803,102@1803 us:117@1703 deck:6C")
	do(t, &s, "fire DR-1 117")
	if _, _, ok := s.PendingAttack(); !ok {
		t.Fatal("the attack resolved before the Tiger could join")
	}
	log := do(t, &s, "fire 102 117")
	if e := one(t, log, EvFire); !e.Free {
		t.Errorf("Tiger fire not free: %+v", e)
	}
	a := one(t, log, EvAttack)
	if a.Firers != 1<<uid(t, "DR-1")|1<<uid(t, "102") || a.Strength != 7 || a.Adjacent != -1 || a.N != 8 || a.Result != ResultFlipped {
		t.Errorf("attack %+v", a)
	}
}

// R4.6: activated alone, the Tiger costs 1 point, and without points or a
// stacked unit it cannot act.
func TestR4_6_TigerAloneCostsOne(t *testing.T) {
	s := pos(t, "round:german/2 ger:102@1803 us:117@1501")
	log := do(t, &s, "move 102 1703")
	if one(t, log, EvMove).Free || s.PointsLeft() != 1 {
		t.Errorf("points left %d", s.PointsLeft())
	}
	s = pos(t, "round:german/1 ger:DR-1@1803,102@1703 us:117@1501 deck:5H")
	do(t, &s, "move DR-1 1802")
	if s.RoundCard() != card(t, "5H") {
		t.Error("an unstacked Tiger kept the round alive with no points")
	}
	// The Tiger entering with a unit costs one point for the pair.
	s = pos(t, "round:german/2 us:117@1501")
	do(t, &s, "enter 102 1903 DR-1")
	if s.PointsLeft() != 1 {
		t.Errorf("pair entry left %d points", s.PointsLeft())
	}
}

// R4.7: the Joker drawn for activation ends the turn.
func TestR4_7_JokerEndsTurn(t *testing.T) {
	s := pos(t, "turn:2 round:us/1 deck:JK us:117@1501")
	log := do(t, &s, "pass")
	if e := one(t, log, EvTurnEnd); e.Reason != ReasonJoker || e.Turn != 2 {
		t.Errorf("turn end %+v", e)
	}
	if s.Turn() != 3 {
		t.Errorf("turn %d", s.Turn())
	}
}

// R4.7: the turn ends when the deck is used up.
func TestR4_7_DeckUsedUpEndsTurn(t *testing.T) {
	s := pos(t, "turn:2 round:us/1 deck:5S/last us:117@1501 ger:DR-1@1803")
	do(t, &s, "pass")
	if s.RoundCard() != card(t, "5S") || s.DeckLeft() != 0 {
		t.Fatalf("last card %s, %d left", s.RoundCard(), s.DeckLeft())
	}
	log := do(t, &s, "pass")
	if e := one(t, log, EvTurnEnd); e.Reason != ReasonDeckUsedUp {
		t.Errorf("turn end %q", e.Reason)
	}
	if s.Turn() != 3 {
		t.Errorf("turn %d", s.Turn())
	}
}

// R4.7 opt:early-joker=reshuffle: a Joker before both sides had a round goes
// back among the undrawn cards; the turn goes on.
func TestR4_7_EarlyJokerReshuffle(t *testing.T) {
	s := pos(t, "turn:2 had:us round:us/1 deck:JK us:117@1501")
	log := do(t, &s, "pass")
	e := one(t, log, EvJokerIgnored)
	if !strings.Contains(e.Reason.String(), "shuffled back") {
		t.Errorf("text %q", e.Reason)
	}
	if len(events(log, EvTurnEnd)) != 0 || s.Turn() != 2 {
		t.Fatal("the early Joker ended the turn")
	}
	undrawn := false
	for _, c := range s.deck[s.drawn:] {
		undrawn = undrawn || c == Joker
	}
	if !undrawn || s.jokerAside {
		t.Error("the Joker is not back among the undrawn cards")
	}
}

// R4.7 opt:early-joker=discard: the early Joker is set aside for the turn.
func TestR4_7_EarlyJokerDiscard(t *testing.T) {
	s := pos(t, "opt:early-joker=discard turn:2 had:us round:us/1 deck:JK,5S us:117@1501")
	log := do(t, &s, "pass")
	if e := one(t, log, EvJokerIgnored); !strings.Contains(e.Reason.String(), "set aside") {
		t.Errorf("text %q", e.Reason)
	}
	if s.Turn() != 2 || s.RoundCard() != card(t, "5S") || !s.jokerAside {
		t.Fatalf("turn %d card %s", s.Turn(), s.RoundCard())
	}
	for _, c := range s.deck[s.drawn:] {
		if c == Joker {
			t.Fatal("the Joker is still to be drawn")
		}
	}
}

// R4.7: the early-Joker rule applies to combat draws too (a convention of
// the engine): before both sides had a round the Joker is ignored and
// another card decides the attack.
func TestR4_7_EarlyJokerInCombat(t *testing.T) {
	for _, opt := range []string{"reshuffle", "discard"} {
		s := pos(t, "opt:early-joker="+opt+" had:german round:german/1 ger:DR-1@1803 us:117@1703 deck:JK,2S")
		log := do(t, &s, "fire DR-1 117")
		one(t, log, EvJokerIgnored)
		if opt == "discard" {
			// The next card, 2S, decides the attack.
			if a := one(t, log, EvAttack); a.Card != card(t, "2S") || a.Result != ResultFlipped {
				t.Errorf("attack %+v", a)
			}
		}
		// With reshuffle the deciding card is random (a face card may
		// wait for a choice), but a Joker never cancels the attack.
		for _, a := range events(log, EvAttack) {
			if a.Result == ResultCancelled {
				t.Errorf("%s: the early Joker cancelled the attack", opt)
			}
		}
		if len(events(log, EvTurnEnd)) != 0 || s.Turn() != 1 {
			t.Errorf("%s: the turn ended", opt)
		}
	}
}

// R4.7: an early Joker that is the last card is set aside (it cannot be
// shuffled back into nothing), and the turn ends with the deck used up.
func TestR4_7_EarlyJokerLastCard(t *testing.T) {
	s := pos(t, "turn:2 had:us round:us/1 deck:JK/last us:117@1501")
	log := do(t, &s, "pass")
	one(t, log, EvJokerIgnored)
	if e := one(t, log, EvTurnEnd); e.Reason != ReasonDeckUsedUp {
		t.Errorf("turn end %q", e.Reason)
	}
}

// R4.8: a Joker drawn in combat cancels the attack and ends the round and
// the turn.
func TestR4_8_JokerInCombat(t *testing.T) {
	s := pos(t, "turn:2 round:us/3 us:117@1602 ger:DF@1702 deck:JK")
	log := do(t, &s, "fire 117 DF")
	a := one(t, log, EvAttack)
	if a.Result != ResultCancelled || a.Card != Joker {
		t.Errorf("attack %+v", a)
	}
	if status(t, &s, "DF").Flipped {
		t.Error("the cancelled attack hit")
	}
	one(t, log, EvRoundEnd)
	if e := one(t, log, EvTurnEnd); !strings.HasPrefix(e.Reason.String(), "R4.8") {
		t.Errorf("turn end %q", e.Reason)
	}
	if s.Turn() != 3 {
		t.Errorf("turn %d", s.Turn())
	}
}

// R4.9: at the end of a turn Air cover expires and Air/OBA is available
// again; after turn 6 the game ends.
func TestR4_9_TurnEnd(t *testing.T) {
	s := pos(t, "turn:2 round:us/1 deck:JK us:117@1501 ger:DR-1@1803 cov:DR-1 air:used")
	do(t, &s, "pass")
	if s.Covered(uid(t, "DR-1")) || s.AirOBAUsed() || s.Turn() != 3 {
		t.Errorf("cover %v, air used %v, turn %d", s.Covered(uid(t, "DR-1")), s.AirOBAUsed(), s.Turn())
	}
	s = pos(t, "turn:6 round:us/1 deck:JK us:117@1501")
	log := do(t, &s, "pass")
	if !s.Over() || s.Winner() != US || s.WinReason().Rule() != "R8.4" {
		t.Fatalf("over %v winner %s (%s)", s.Over(), s.Winner(), s.WinReason())
	}
	one(t, log, EvGameOver)
	mustRefuse(t, &s, "pass", "R8")
	if len(s.LegalActions(nil)) != 0 || s.ToAct() != NoSide {
		t.Error("actions after the game ended")
	}
}

// R4.7 with R4.8: a combat draw with the deck used up cancels the attack
// and ends the round and the turn (the engine's convention).
func TestR4_7_DeckUsedUpInCombat(t *testing.T) {
	s := pos(t, "turn:2 round:us/1 us:117@1602 ger:DF@1702 deck:5S/last")
	do(t, &s, "pass")
	if s.DeckLeft() != 0 || s.RoundSide() != German {
		t.Fatalf("%d cards left, %s round", s.DeckLeft(), s.RoundSide())
	}
	log := do(t, &s, "fire DF 117")
	if a := one(t, log, EvAttack); a.Result != ResultCancelled || a.Card != NoCard {
		t.Errorf("attack %+v", a)
	}
	if e := one(t, log, EvTurnEnd); e.Reason != ReasonDeckUsedUp {
		t.Errorf("turn end %q", e.Reason)
	}
	if status(t, &s, "117").Flipped || s.Turn() != 3 {
		t.Errorf("turn %d", s.Turn())
	}
}

// R4.6 (engine convention): the Tiger's free activation waits for it for
// the rest of the round, until another stacked unit's activation replaces
// it; a free fire ends with the attack.
func TestR4_6_TigerCreditLastsTheRound(t *testing.T) {
	s := pos(t, "round:german/2 ger:DR-1@1803,102@1803,DF@1604 us:117@1501")
	do(t, &s, "move DR-1 1703")
	do(t, &s, "move DF 1605")
	if s.PointsLeft() != 0 {
		t.Fatalf("%d points", s.PointsLeft())
	}
	if !one(t, do(t, &s, "move 102 1703"), EvMove).Free {
		t.Error("the Tiger's follow-up move was not free")
	}
	// Replaced: DR-1 moves off, DR-2 (also stacked) then moves elsewhere.
	s = pos(t, "round:german/3 ger:DR-1@1803,DR-2@1803,102@1803 us:117@1501")
	do(t, &s, "move DR-1 1703")
	do(t, &s, "move DR-2 1802")
	if one(t, do(t, &s, "move 102 1703"), EvMove).Free {
		t.Error("the replaced credit was still used")
	}
	// A free fire ends with its attack: afterwards the Tiger pays.
	s = pos(t, "round:german/2 ger:DR-1@1803,102@1803 us:117@1703,119@1704 deck:9C,9D")
	do(t, &s, "fire DR-1 117")
	do(t, &s, "resolve")
	log := do(t, &s, "fire 102 119")
	if one(t, log, EvFire).Free || one(t, log, EvRoundEnd).Reason != ReasonNoActivationLeft {
		t.Error("the Tiger fired free after the attack")
	}
}

// TestR4_5ARoundWithPointsLeftButNothingToActEndsForNoLegalAction: a
// round whose units have all acted ends by itself, for want of a legal
// action, not of points.
func TestR4_5ARoundWithPointsLeftButNothingToActEndsForNoLegalAction(t *testing.T) {
	s := pos(t, "round:us/3 us:117@1501 elim:119,120,823,TD air:used deck:5S")
	log := do(t, &s, "move 117 1502")
	if e := one(t, log, EvRoundEnd); e.Reason != ReasonNoLegalAction {
		t.Errorf("round end %q, want %q", e.Reason, ReasonNoLegalAction)
	}
}
