// R1.4: the deck — cards, colours and values, and what a card gives (R4.2, R4.3, R7.1).

package rules

import (
	"fmt"
	"strings"
)

// Card is one of the 53 cards of the deck (R1.4): 52 playing cards and the
// Joker.
type Card uint8

// Suit is a card's suit; spades and clubs are black, hearts and diamonds red.
type Suit uint8

// The four suits in notation order (R1.4).
const (
	Spades Suit = iota
	Clubs
	Hearts
	Diamonds
)

// Special cards.
const (
	Joker    Card = 52
	NoCard   Card = 255
	DeckSize      = 53
)

const rankNames = "A 2 3 4 5 6 7 8 9 10 J Q K"

var ranks = strings.Fields(rankNames)

// NewCard returns the card of rank 1 (Ace) .. 13 (King) and suit s.
func NewCard(rank int, s Suit) Card { return Card(int(s)*13 + rank - 1) }

// IsJoker reports whether c is the Joker.
func (c Card) IsJoker() bool { return c == Joker }

// Rank is 1 (Ace) .. 13 (King), 0 for the Joker.
func (c Card) Rank() int {
	if c >= Joker {
		return 0
	}
	return int(c)%13 + 1
}

// Suit is the card's suit (meaningless for the Joker).
func (c Card) Suit() Suit { return Suit(c / 13) }

// IsRed reports a heart or diamond (R1.4).
func (c Card) IsRed() bool { return c < Joker && c.Suit() >= Hearts }

// IsBlack reports a spade or club (R1.4).
func (c Card) IsBlack() bool { return c < Joker && c.Suit() <= Clubs }

// IsFace reports a Jack, Queen or King.
func (c Card) IsFace() bool { return c.Rank() >= 11 }

// Value is a number card's value: Ace 1, 2-10 at face value; 0 otherwise.
func (c Card) Value() int {
	if r := c.Rank(); r >= 1 && r <= 10 {
		return r
	}
	return 0
}

// ActivationPoints is ceil(value/2) for a number card (R4.3), 0 otherwise.
func (c Card) ActivationPoints() int { return (c.Value() + 1) / 2 }

// Side is the side whose round the card starts (R4.2): black German, red US.
func (c Card) Side() Side {
	switch {
	case c.IsBlack():
		return German
	case c.IsRed():
		return US
	}
	return NoSide
}

// Markers tells which US marker the card allows when it starts a US round
// (R7.1): a red odd number (A, 3, 5, 7, 9) or a red Jack allows Air; any
// other red card allows OBA; a black card or the Joker allows neither.
func (c Card) Markers() (air, oba bool) {
	if !c.IsRed() {
		return false, false
	}
	if r := c.Rank(); r == 11 || (r <= 9 && r%2 == 1) {
		return true, false
	}
	return false, true
}

// String writes the card in R1.4 notation: "AS", "10H", "QC", "JK".
func (c Card) String() string {
	switch {
	case c == Joker:
		return "JK"
	case c > Joker:
		return "-"
	}
	return ranks[c.Rank()-1] + string("SCHD"[c.Suit()])
}

// ParseCard reads a card in R1.4 notation (case-insensitive).
func ParseCard(s string) (Card, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	if u == "JK" {
		return Joker, nil
	}
	if len(u) >= 2 {
		suit := strings.IndexByte("SCHD", u[len(u)-1])
		rank := u[:len(u)-1]
		for i, r := range ranks {
			if r == rank && suit >= 0 {
				return NewCard(i+1, Suit(suit)), nil
			}
		}
	}
	return NoCard, fmt.Errorf("card %q: want rank A 2-10 J Q K then suit S C H D (e.g. AS, 10H, QC), or JK for the Joker", s)
}

// MarshalText writes the card in R1.4 notation ("" for NoCard).
func (c Card) MarshalText() ([]byte, error) {
	if c > Joker {
		return []byte{}, nil
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a card in R1.4 notation ("" for NoCard).
func (c *Card) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = NoCard
		return nil
	}
	v, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}
