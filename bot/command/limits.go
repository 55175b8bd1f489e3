package command

import (
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// Limits bound what one member, channel or server may start, so that no
// one can take the bot's time from everyone else; 0 is no limit. Local
// play has none.
type Limits struct {
	// AIGamesPerServer is how many AI-vs-AI games may run at once on one
	// server.
	AIGamesPerServer int
	// GamesPerMember is how many running games one member may play in on
	// one server.
	GamesPerMember int
	// ReplaysPerMinute is how many replays one channel may draw a minute.
	ReplaysPerMinute int
}

// withinLimits refuses a new game over the server's AI-vs-AI limit or the
// caller's own limit. A game replaced in the channel does not count.
func (s *Service) withinLimits(req Request, aiVsAI bool) error {
	l := s.cfg.Limits
	if l.AIGamesPerServer <= 0 && l.GamesPerMember <= 0 {
		return nil
	}
	heads, err := s.cfg.Store.HeadsOf(req.Key.Guild)
	if err != nil {
		return err
	}
	ais, mine := 0, 0
	for _, h := range heads {
		if h.Key == req.Key {
			continue
		}
		if aiOnly(h.Seats) {
			ais++
		}
		for _, seat := range h.Seats {
			if seat.UserID == req.Caller.UserID {
				mine++
				break
			}
		}
	}
	if aiVsAI && l.AIGamesPerServer > 0 && ais >= l.AIGamesPerServer {
		return refuseT("reply.limit.ai-games", map[string]any{"Count": ais})
	}
	if !aiVsAI && l.GamesPerMember > 0 && mine >= l.GamesPerMember {
		return refuseT("reply.limit.member-games", map[string]any{"Count": mine})
	}
	return nil
}

// isAIvsAI reports whether the AI plays both sides of a game.
func isAIvsAI(rec *record.Record) bool { return aiOnly(rec.Seats) }

// aiOnly reports whether the AI holds every one of seats (and there are
// some).
func aiOnly(seats map[rules.Side]record.Seat) bool {
	for _, seat := range seats {
		if seat.AI == "" {
			return false
		}
	}
	return len(seats) > 0
}

// replaySlot takes the right to draw a replay in key's channel now: at
// most Limits.ReplaysPerMinute a minute there, and one replay at a time in
// the whole process (drawing one is long work, done outside the channel's
// lock, and must leave the processor to the games). It returns the
// function that gives the slot back, or a refusal.
func (s *Service) replaySlot(key record.Key) (release func(), err error) {
	select {
	case s.drawing <- struct{}{}:
	default:
		return nil, refuseT("reply.limit.replay-busy", nil)
	}
	release = func() { <-s.drawing }
	per := s.cfg.Limits.ReplaysPerMinute
	if per <= 0 {
		return release, nil
	}
	now := s.cfg.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	recent := s.replays[key][:0]
	for _, at := range s.replays[key] {
		if now.Sub(at) < time.Minute {
			recent = append(recent, at)
		}
	}
	if len(recent) >= per {
		s.replays[key] = recent
		release()
		return nil, refuseT("reply.limit.replays", map[string]any{"Count": len(recent)})
	}
	s.replays[key] = append(recent, now)
	return release, nil
}
