package record

import "time"

// Notice is a message a channel must see: the position after a step, the
// ping of the player to act, a reminder, the end of a game. Notices are
// written in the same transaction as the step that caused them and stay
// in the outbox until Discord accepted them, so a crash loses none.
type Notice struct {
	// Seq orders every notice of the database (the store sets it): a
	// channel's notices are delivered in Seq order.
	Seq uint64 `json:"seq"`
	// Key is the channel the notice is for (the store sets it).
	Key Key `json:"key"`
	// Text is the message; Mention the user it pings ("" for nobody).
	Text    string `json:"text"`
	Mention string `json:"mention,omitempty"`
	// Image is a picture to attach (kept apart from the JSON), with its
	// file name.
	Image     []byte `json:"-"`
	ImageName string `json:"image_name,omitempty"`
	// Buttons offer the next steps. A notice with buttons becomes the
	// channel's live post once delivered.
	Buttons []Button `json:"buttons,omitempty"`
	// Live marks a notice that shows the game as it now stands (or its
	// end): once it is delivered, the previous live post loses its
	// buttons. A notice with buttons is always live.
	Live bool `json:"live,omitempty"`
	// Mark, when set, names the mark of the running game's Meta
	// (MarkReminded, MarkWarned) set to the step count MarkValue once the
	// notice is delivered: a reminder counts as sent only then.
	Mark      string `json:"mark,omitempty"`
	MarkValue string `json:"mark_value,omitempty"`
	// Sent counts the parts of the notice Discord already accepted (a
	// long text is sent as several messages).
	Sent    int       `json:"sent,omitempty"`
	Created time.Time `json:"created"`
	// Failure says why Discord last refused the notice for good (missing
	// permission, unknown channel), since FailedAt; "" when it never did.
	Failure  string    `json:"failure,omitempty"`
	FailedAt time.Time `json:"failed_at,omitzero"`
	// Nonce is the notice's own random tag (the store sets it): each part
	// is sent with a nonce made of Seq, the part's index and this tag, so
	// that no two notices of any shard, backup or restore share one.
	Nonce string `json:"nonce,omitempty"`
	// NoPing keeps the post from pinging Mention (the member turned pings
	// off, or their quiet hours hold the ping for later): the name shows.
	NoPing bool `json:"no_ping,omitempty"`
	// Origin is the game's channel of a notice sent elsewhere (a direct
	// message): a refusal is reported there.
	Origin Key `json:"origin,omitzero"`
	// Standalone marks a notice whose buttons stay on its post until
	// someone presses one (an open challenge): it is never the channel's
	// live post, so other posts leave it alone.
	Standalone bool `json:"standalone,omitempty"`
	// Report marks a notice that reports another one set aside: it is not
	// reported in turn if Discord refuses it too.
	Report bool `json:"report,omitempty"`
	// HadImage tells that a notice set aside carried a picture (pictures
	// are not kept with notices set aside).
	HadImage bool `json:"had_image,omitempty"`
}

// Button is a button of a notice (Style as Discord numbers it).
type Button struct {
	Label    string `json:"label"`
	CustomID string `json:"custom_id"`
	Style    int    `json:"style,omitempty"`
}

// IsLive reports whether delivering n replaces the channel's live post.
func (n *Notice) IsLive() bool { return !n.Standalone && (n.Live || len(n.Buttons) > 0) }
