package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// The gateway serves one connection per shard, as Discord does: IDENTIFY's
// shard field [id, count] (none is [0, 1]) says which, and every event of
// a guild goes to the connection of shard (guild_id >> 22) % count only;
// events with no guild go to shard 0. A new connection for a shard
// replaces the one before.

// shardConn is one identified gateway connection.
type shardConn struct {
	conn         *websocket.Conn
	shard, count int
	ready        chan struct{} // closed once READY was sent
	wmu          sync.Mutex    // one writer at a time
	seq          int64
}

// write sends one frame on the connection.
func (c *shardConn) write(v any) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.conn.WriteJSON(v)
}

// event sends a dispatch (op 0) with the connection's next sequence.
func (c *shardConn) event(name string, data any) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.seq++
	return c.conn.WriteJSON(map[string]any{"op": 0, "s": c.seq, "t": name, "d": data})
}

// serves reports whether guild's events go to this connection.
func (c *shardConn) serves(guild string) bool {
	return shardOf(guild, c.count) == c.shard
}

// shardOf is Discord's rule: (guild_id >> 22) % count; shard 0 for events
// without a guild.
func shardOf(guild string, count int) int {
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil || count <= 1 {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// gateway holds the connections, by shard id.
type gateway struct {
	mu    sync.Mutex
	conns map[int]*shardConn
}

func (g *gateway) closeConn() {
	g.mu.Lock()
	conns := make([]*shardConn, 0, len(g.conns))
	for _, c := range g.conns {
		conns = append(conns, c)
	}
	g.mu.Unlock()
	for _, c := range conns {
		c.conn.Close()
	}
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Get("encoding") != "json" {
		s.violation("gateway opened without encoding=json: %s", r.URL.RawQuery)
	}
	conn, err := s.up.Upgrade(w, r, nil)
	if err != nil {
		s.violation("gateway upgrade: %v", err)
		return
	}
	defer conn.Close()
	c := &shardConn{conn: conn, ready: make(chan struct{})}
	if err := c.write(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 41250}}); err != nil {
		return
	}
	var identify struct {
		Op   int `json:"op"`
		Data struct {
			Token   string  `json:"token"`
			Intents int     `json:"intents"`
			Shard   *[2]int `json:"shard"`
		} `json:"d"`
	}
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if err := conn.ReadJSON(&identify); err != nil {
		s.violation("gateway: reading IDENTIFY: %v", err)
		return
	}
	conn.SetReadDeadline(time.Time{})
	s.mu.Lock()
	revoked := s.revoked
	s.mu.Unlock()
	if revoked {
		conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
		return
	}
	if identify.Op != 2 || identify.Data.Token != "Bot "+Token {
		s.violation("gateway: expected IDENTIFY with the bot token, got op %d", identify.Op)
		return
	}
	c.count = 1
	if sh := identify.Data.Shard; sh != nil {
		if sh[1] < 1 || sh[0] < 0 || sh[0] >= sh[1] {
			s.violation("gateway: IDENTIFY with an invalid shard %v", *sh)
			conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4010, "Invalid shard"))
			return
		}
		c.shard, c.count = sh[0], sh[1]
	}
	s.gw.mu.Lock()
	if s.gw.conns == nil {
		s.gw.conns = map[int]*shardConn{}
	}
	if old := s.gw.conns[c.shard]; old != nil {
		old.conn.Close()
	}
	s.gw.conns[c.shard] = c
	s.gw.mu.Unlock()
	defer func() {
		s.gw.mu.Lock()
		if s.gw.conns[c.shard] == c {
			delete(s.gw.conns, c.shard)
		}
		s.gw.mu.Unlock()
		s.changedNow()
	}()

	guilds := s.readyGuilds(c)
	unavailable := make([]any, len(guilds))
	for i, g := range guilds {
		unavailable[i] = map[string]any{"id": g, "unavailable": true}
	}
	err = c.event("READY", map[string]any{
		"v":           10,
		"session_id":  "fake-session-" + strconv.Itoa(c.shard),
		"user":        map[string]any{"id": BotID, "username": "Mortain", "discriminator": "0", "bot": true},
		"guilds":      unavailable,
		"shard":       []int{c.shard, c.count},
		"application": map[string]any{"id": AppID, "flags": 0},
	})
	if err != nil {
		return
	}
	// Each guild of READY then arrives whole: GUILD_CREATE.
	for _, g := range guilds {
		s.mu.Lock()
		ev := s.guildJSON(g)
		s.mu.Unlock()
		if c.event("GUILD_CREATE", ev) != nil {
			return
		}
	}
	close(c.ready)
	s.changedNow()
	for {
		var frame struct {
			Op int `json:"op"`
		}
		if err := conn.ReadJSON(&frame); err != nil {
			return
		}
		if frame.Op == 1 {
			if err := c.write(map[string]any{"op": 11}); err != nil {
				return
			}
		}
	}
}

// CloseGateway closes every gateway connection with a close code, as
// Discord does (4004 authentication failed, 4014 disallowed intents...).
func (s *Server) CloseGateway(code int, reason string) {
	s.gw.mu.Lock()
	conns := make([]*shardConn, 0, len(s.gw.conns))
	for _, c := range s.gw.conns {
		conns = append(conns, c)
	}
	s.gw.mu.Unlock()
	for _, c := range conns {
		c.wmu.Lock()
		c.conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason))
		c.wmu.Unlock()
		c.conn.Close()
	}
}

// readyGuilds lists, for READY, the guilds of the connection's shard the
// bot is in: every guild the fake has sent an interaction from, less
// those it left (RemoveGuildOffline, DeleteGuild). READY names them as
// unavailable guilds, and a GUILD_CREATE of each follows.
func (s *Server) readyGuilds(c *shardConn) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	seen := map[string]bool{}
	out := []string{}
	for _, p := range s.places {
		if p.guild == "" || seen[p.guild] || s.left[p.guild] || !c.serves(p.guild) {
			continue
		}
		seen[p.guild] = true
		out = append(out, p.guild)
	}
	slices.Sort(out)
	return out
}

// JoinGuild makes READY list guild (a guild the bot is in), before any
// interaction comes from it.
func (s *Server) JoinGuild(guild string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seen(guild, "guild-"+guild)
}

// RemoveGuildOffline removes the bot from a guild while it is not
// connected: no GUILD_DELETE is sent, and the next READY leaves the guild
// out. REST calls there then answer 404 Unknown Channel.
func (s *Server) RemoveGuildOffline(guild string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.left == nil {
		s.left = map[string]bool{}
	}
	s.left[guild] = true
	for _, p := range s.places {
		if p.guild == guild {
			p.gone = true
		}
	}
	s.notify()
}

// SessionStartLimit sets what GET /gateway/bot answers: the IDENTIFYs
// left of the day's total, when the count resets, and how many shards may
// identify at once.
func (s *Server) SessionStartLimit(remaining, total int, resetAfter time.Duration, maxConcurrency int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.startLimit = &startLimit{remaining: remaining, total: total, resetAfter: resetAfter, maxConcurrency: maxConcurrency}
}

// startLimit is the session_start_limit GET /gateway/bot reports.
type startLimit struct {
	remaining, total, maxConcurrency int
	resetAfter                       time.Duration
}

// gatewayBot answers GET /gateway/bot; each IDENTIFY the fake accepts
// spends one of the remaining starts.
func (s *Server) gatewayBot() (int, []byte) {
	s.mu.Lock()
	l := s.startLimit
	s.mu.Unlock()
	if l == nil {
		l = &startLimit{remaining: 1000, total: 1000, resetAfter: 24 * time.Hour, maxConcurrency: 1}
	}
	b, _ := json.Marshal(map[string]any{
		"url":    "ws" + s.http.URL[len("http"):] + "/gateway-ws",
		"shards": 1,
		"session_start_limit": map[string]any{"total": l.total, "remaining": l.remaining,
			"reset_after": l.resetAfter.Milliseconds(), "max_concurrency": l.maxConcurrency},
	})
	return http.StatusOK, b
}

// changedNow wakes WaitFor.
func (s *Server) changedNow() {
	s.mu.Lock()
	s.notify()
	s.mu.Unlock()
}

// connFor returns the ready connection that serves guild, or nil.
func (s *Server) connFor(guild string) *shardConn {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	for _, c := range s.gw.conns {
		if !c.serves(guild) {
			continue
		}
		select {
		case <-c.ready:
			return c
		default:
		}
	}
	return nil
}

// Shards lists the shards with a connection that identified and got
// READY, in order (0 alone for a bot without sharding).
func (s *Server) Shards() []int {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	var out []int
	for id, c := range s.gw.conns {
		select {
		case <-c.ready:
			out = append(out, id)
		default:
		}
	}
	slices.Sort(out)
	return out
}

// WaitConnected waits until a bot has identified on the gateway.
func (s *Server) WaitConnected(timeout time.Duration) bool {
	return s.WaitFor(timeout, func() bool { return len(s.Shards()) > 0 })
}

// dispatch sends an event of guild ("" for none) on the gateway, to the
// connection of the guild's shard.
func (s *Server) dispatch(guild, event string, data any) error {
	var c *shardConn
	if !s.WaitFor(5*time.Second, func() bool { c = s.connFor(guild); return c != nil }) {
		return fmt.Errorf("no bot connected to the gateway for the shard of guild %q", guild)
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return err
	}
	return c.event(event, json.RawMessage(raw))
}
