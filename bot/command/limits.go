package command

import (
	"time"

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
	keys, err := s.cfg.Store.Running()
	if err != nil {
		return err
	}
	ais, mine := 0, 0
	for _, k := range keys {
		if k.Guild != req.Key.Guild || k == req.Key {
			continue
		}
		rec, err := s.cfg.Store.Get(k)
		if err != nil {
			continue
		}
		if isAIvsAI(rec) {
			ais++
		}
		if len(sidesOf(rec, req.Caller)) > 0 {
			mine++
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
func isAIvsAI(rec *record.Record) bool {
	for _, seat := range rec.Seats {
		if seat.AI == "" {
			return false
		}
	}
	return len(rec.Seats) > 0
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
