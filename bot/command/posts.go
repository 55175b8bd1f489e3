package command

import (
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// How often a game posts its map (new posts:, and the server's default):
// after every activation (the default), or once a round, the AI's
// activations of the round told together in one post. Either way the
// AI's set-up is one post with one map.
const (
	PostsActivation = "activation"
	PostsRound      = "round"
	// SettingPosts is the option of new with a game's posts (Meta.Posts:
	// PostsRound, or nothing for PostsActivation; postsOf reads it).
	SettingPosts = "posts"
)

// postsOf is how often the game posts its map: PostsActivation or
// PostsRound.
func postsOf(m record.Meta) string {
	if m.Posts == PostsRound {
		return PostsRound
	}
	return PostsActivation
}

// choosePosts keeps in m how often the new game of req posts its
// map: posts: of new, else the server's default (the default when it
// cannot be read); PostsActivation is kept as no entry.
func (s *Service) choosePosts(req Request, m *record.Meta) {
	posts := strings.ToLower(strings.TrimSpace(req.Options[SettingPosts]))
	if posts == "" {
		if server, err := s.cfg.Store.Server(req.Key.Guild); err == nil {
			posts = server.Posts
		}
	}
	if posts == PostsRound {
		m.Posts = PostsRound
	}
}

// untold reports whether the AI's step out goes without a post of its
// own, to be told by the next one: a placement while its set-up goes on,
// or in a game that posts by round an activation after which its round
// goes on. A step where an AI-vs-AI game pauses is always posted.
func untold(out *outcome) bool {
	rec, st := out.rec, &out.rec.Game.State
	if st.Over() || !isAI(rec, st.ToAct()) || (isAIvsAI(rec) && pauses(rec.Meta.Pace, out.events)) {
		return false
	}
	if out.before.Phase() == rules.PhaseSetup {
		return st.Phase() == rules.PhaseSetup
	}
	return postsOf(rec.Meta) == PostsRound && !endsRound(out.events)
}

// endsRound reports whether events end the round they were taken in.
func endsRound(evs []rules.Event) bool {
	for _, e := range evs {
		if e.Kind == rules.EvRoundEnd || e.Kind == rules.EvTurnEnd || e.Kind == rules.EvGameOver {
			return true
		}
	}
	return false
}

// noteTold keeps, in the record of a step just committed, the first step
// no post has told yet (Meta.Untold; posted: whether this step's response
// posts).
func noteTold(rec *record.Record, posted bool) {
	if posted {
		rec.Meta.Untold = record.StepMark{}
		return
	}
	if _, ok := rec.Meta.Untold.Get(); !ok && len(rec.Game.History) > 0 {
		rec.Meta.Untold = record.MarkAt(len(rec.Game.History) - 1)
	}
}

// toldEvents are the events a step's post tells: its own, and those of
// the AI's steps before it that went without a post.
func toldEvents(out *outcome) []rules.Event {
	g := out.rec.Game
	from, ok := out.rec.Meta.Untold.Get()
	if !ok || len(out.events) == 0 || from < 0 || from >= len(g.Marks) || g.Marks[from] > len(g.Log) {
		return out.events
	}
	return g.Log[g.Marks[from]:]
}

// mapped reports whether a step's post carries the map: always in a game
// that posts after every activation; in one that posts by round, when the
// step ends a round, the set-up or the game.
func mapped(out *outcome) bool {
	st := &out.rec.Game.State
	return postsOf(out.rec.Meta) == PostsActivation || st.Over() || endsRound(out.events) ||
		(out.before.Phase() == rules.PhaseSetup) != (st.Phase() == rules.PhaseSetup)
}

// mapEvents are the events a step's map draws: in a game that posts by
// round, those of the whole round the step ended (every activation's
// arrows and shots); else those the post tells.
func mapEvents(out *outcome, told []rules.Event) []rules.Event {
	g := out.rec.Game
	if postsOf(out.rec.Meta) == PostsActivation || len(out.events) == 0 || len(g.Marks) == 0 {
		return told
	}
	start := min(g.Marks[len(g.Marks)-1], len(g.Log))
	for start > 0 && g.Log[start-1].Kind != rules.EvRoundStart {
		start--
	}
	return g.Log[start:]
}
