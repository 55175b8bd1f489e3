package command

import (
	"sort"
	"sync"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// memStore is an in-memory Store for tests: the same contract as
// store.DB, without a file.
type memStore struct {
	mu       sync.Mutex
	running  map[record.Key]*record.Record
	finished []record.Finished
	outbox   map[record.Key][]record.Notice
	seq      uint64
	// servers are the servers' settings, under their own lock (Update's
	// function may read them, as with the store).
	serversMu sync.Mutex
	servers   map[string]record.ServerSettings
	// members are the members' settings by "guild/user", under their own
	// lock (Update's function may read them, as with the store).
	membersMu sync.Mutex
	members   map[string]record.Member
	// due is when each game next needs a check, as SetDue set it.
	due map[record.Key]time.Time
	// Commits counts the successful Create and Update calls.
	Commits int
}

// newMemStore returns an empty memStore.
func newMemStore() *memStore {
	return &memStore{running: map[record.Key]*record.Record{}, outbox: map[record.Key][]record.Notice{}}
}

// Create stores a new game; record.ErrExists if one is running there.
func (m *memStore) Create(rec *record.Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.running[rec.Key]; ok {
		return record.ErrExists
	}
	m.running[rec.Key] = rec.Clone()
	m.enqueue(rec.Key, rec.Notices)
	m.Commits++
	return nil
}

// enqueue numbers and keeps notices (a notice naming another channel of
// key's server is kept for that channel, as the store does); m.mu is held.
func (m *memStore) enqueue(key record.Key, notices []record.Notice) {
	for _, n := range notices {
		to := key
		if n.Key.Channel != "" && n.Key.Guild == key.Guild {
			to = n.Key
		}
		m.seq++
		n.Seq, n.Key, n.Created = m.seq, to, time.Now().UTC()
		m.outbox[to] = append(m.outbox[to], n)
	}
}

// Enqueue queues notices for key's channel.
func (m *memStore) Enqueue(key record.Key, notices ...record.Notice) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.enqueue(key, notices)
	return nil
}

// Pending returns the notices queued for key's channel (a memStore
// delivers none).
func (m *memStore) Pending(key record.Key) ([]record.Notice, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]record.Notice(nil), m.outbox[key]...), nil
}

// Running lists the keys of the running games, in key order.
func (m *memStore) Running() ([]record.Key, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	keys := make([]record.Key, 0, len(m.running))
	for k := range m.running {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	return keys, nil
}

// SetDue keeps when the game of key next needs a check (Due reads it),
// unless the game changed since seen.
func (m *memStore) SetDue(key record.Key, at, seen time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.running[key]
	if !ok {
		return record.ErrNotFound
	}
	if !seen.IsZero() && !r.Updated.Equal(seen) {
		return nil
	}
	if m.due == nil {
		m.due = map[record.Key]time.Time{}
	}
	m.due[key] = at
	return nil
}

// HeadsOf returns the heads of guild's running games, in key order.
func (m *memStore) HeadsOf(guild string) ([]record.Head, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []record.Head
	for k, r := range m.running {
		if k.Guild == guild {
			out = append(out, r.Head())
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key.Channel < out[j].Key.Channel })
	return out, nil
}

// GamesOf lists the running games of guild in which user holds a seat.
func (m *memStore) GamesOf(guild, user string) ([]record.Key, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []record.Key
	for k, r := range m.running {
		for _, seat := range r.Seats {
			if k.Guild == guild && user != "" && seat.UserID == user {
				out = append(out, k)
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Channel < out[j].Channel })
	return out, nil
}

// Get returns a copy of the running game of key.
func (m *memStore) Get(key record.Key) (*record.Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.running[key]
	if !ok {
		return nil, record.ErrNotFound
	}
	return r.Clone(), nil
}

// Update runs fn on a copy and keeps it if fn succeeds; a game fn ends
// and marks so (record.Record.End) is archived at once.
func (m *memStore) Update(key record.Key, fn func(rec *record.Record) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.running[key]
	if !ok {
		return record.ErrNotFound
	}
	c := r.Clone()
	if err := fn(c); err != nil {
		return err
	}
	c.Updated = time.Now().UTC()
	m.Commits++
	delete(m.due, key) // due at once
	if c.End != nil {
		f := m.archive(key, c, false)
		m.enqueue(key, c.End(f, append([]record.Notice(nil), c.Notices...)))
		return nil
	}
	m.enqueue(key, c.Notices)
	m.running[key] = c
	return nil
}

// Finish archives the game of key.
func (m *memStore) Finish(key record.Key, notices ...record.Notice) (*record.Finished, error) {
	return m.finish(key, false, notices)
}

// Abandon archives the game of key without a result and drops its notices.
func (m *memStore) Abandon(key record.Key) (*record.Finished, error) {
	return m.finish(key, true, nil)
}

func (m *memStore) finish(key record.Key, abandoned bool, notices []record.Notice) (*record.Finished, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.running[key]
	if !ok {
		return nil, record.ErrNotFound
	}
	f := m.archive(key, r, abandoned)
	m.enqueue(key, notices)
	return f, nil
}

// archive moves the game of key, whose record is r, to the finished
// games (abandoned: without a result, its notices dropped), with the
// outcome the store gives it; m.mu is held.
func (m *memStore) archive(key record.Key, r *record.Record, abandoned bool) *record.Finished {
	delete(m.running, key)
	o := record.ArchivedOutcome(r, abandoned)
	f := record.Finished{Key: key, Winner: o.Winner, Outcome: o, Seats: r.Seats,
		Turn: r.Game.State.Turn(), Steps: r.Game.PlayedSteps(), Finished: time.Now().UTC(), Game: r.Game, Salt: r.Meta.Salt, Lang: r.Meta.Lang}
	if abandoned {
		delete(m.outbox, key)
	}
	m.finished = append(m.finished, f)
	return &f
}

// Archive lists a guild's finished games, newest first, at most limit
// (all of them when limit <= 0).
func (m *memStore) Archive(guild string, limit int) ([]record.Finished, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []record.Finished
	for i := len(m.finished) - 1; i >= 0 && (limit <= 0 || len(out) < limit); i-- {
		if m.finished[i].Key.Guild == guild {
			out = append(out, m.finished[i])
		}
	}
	return out, nil
}

// LastFinished returns the newest finished game of key;
// record.ErrNotFound when there is none.
func (m *memStore) LastFinished(key record.Key) (*record.Finished, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := len(m.finished) - 1; i >= 0; i-- {
		if m.finished[i].Key == key {
			f := m.finished[i]
			return &f, nil
		}
	}
	return nil, record.ErrNotFound
}

// Stats counts wins and losses of the players of a guild's finished games.
func (m *memStore) Stats(guild string) ([]record.PlayerStats, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	by := map[string]*record.PlayerStats{}
	for _, f := range m.finished {
		if f.Key.Guild != guild || f.Winner == rules.NoSide {
			continue
		}
		for side, seat := range f.Seats {
			if seat.UserID == "" {
				continue
			}
			p := by[seat.UserID]
			if p == nil {
				p = &record.PlayerStats{UserID: seat.UserID, Name: seat.Name, Wins: map[rules.Side]int{}, Losses: map[rules.Side]int{}, VsAI: map[string][2]int{}}
				by[seat.UserID] = p
			}
			if side == f.Winner {
				p.Wins[side]++
			} else {
				p.Losses[side]++
			}
		}
	}
	out := make([]record.PlayerStats, 0, len(by))
	for _, p := range by {
		out = append(out, *p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].TotalWins() > out[j].TotalWins() })
	return out, nil
}

// Server returns a server's settings.
func (m *memStore) Server(guild string) (record.ServerSettings, error) {
	m.serversMu.Lock()
	defer m.serversMu.Unlock()
	return m.servers[guild], nil
}

// UpdateServer changes a server's settings; nothing changes if fn fails.
func (m *memStore) UpdateServer(guild string, fn func(*record.ServerSettings) error) error {
	m.serversMu.Lock()
	defer m.serversMu.Unlock()
	s := m.servers[guild]
	if err := fn(&s); err != nil {
		return err
	}
	if m.servers == nil {
		m.servers = map[string]record.ServerSettings{}
	}
	m.servers[guild] = s
	return nil
}

// Member returns a member's settings.
func (m *memStore) Member(guild, user string) (record.Member, error) {
	m.membersMu.Lock()
	defer m.membersMu.Unlock()
	if got, ok := m.members[guild+"/"+user]; ok {
		return got, nil
	}
	return record.Member{UserID: user}, nil
}

// UpdateMember changes a member's settings; nothing changes if fn fails.
func (m *memStore) UpdateMember(guild, user string, fn func(*record.Member) error) error {
	m.membersMu.Lock()
	defer m.membersMu.Unlock()
	cur, ok := m.members[guild+"/"+user]
	if !ok {
		cur = record.Member{UserID: user}
	}
	if err := fn(&cur); err != nil {
		return err
	}
	if m.members == nil {
		m.members = map[string]record.Member{}
	}
	m.members[guild+"/"+user] = cur
	return nil
}
