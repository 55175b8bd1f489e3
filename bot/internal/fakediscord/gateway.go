package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// gateway is the current gateway connection (one bot at a time).
type gateway struct {
	mu    sync.Mutex
	conn  *websocket.Conn
	seq   int64
	ready chan struct{} // closed once READY was sent on conn
	gone  chan struct{} // closed when conn ends
}

func (g *gateway) closeConn() {
	g.mu.Lock()
	c := g.conn
	g.mu.Unlock()
	if c != nil {
		c.Close()
	}
}

// write sends one frame on the current connection.
func (g *gateway) write(v any) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.conn == nil {
		return fmt.Errorf("no gateway connection")
	}
	return g.conn.WriteJSON(v)
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
	ready, gone := make(chan struct{}), make(chan struct{})
	s.gw.mu.Lock()
	if s.gw.conn != nil {
		s.gw.conn.Close()
	}
	s.gw.conn, s.gw.ready, s.gw.gone = conn, ready, gone
	s.gw.mu.Unlock()
	defer func() {
		close(gone)
		conn.Close()
		s.gw.mu.Lock()
		if s.gw.conn == conn {
			s.gw.conn = nil
		}
		s.gw.mu.Unlock()
	}()

	if err := s.gw.write(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 41250}}); err != nil {
		return
	}
	var identify struct {
		Op   int `json:"op"`
		Data struct {
			Token   string `json:"token"`
			Intents int    `json:"intents"`
		} `json:"d"`
	}
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if err := conn.ReadJSON(&identify); err != nil {
		s.violation("gateway: reading IDENTIFY: %v", err)
		return
	}
	conn.SetReadDeadline(time.Time{})
	if identify.Op != 2 || identify.Data.Token != "Bot "+Token {
		s.violation("gateway: expected IDENTIFY with the bot token, got op %d", identify.Op)
		return
	}
	s.gw.mu.Lock()
	s.gw.seq++
	seq := s.gw.seq
	s.gw.mu.Unlock()
	err = s.gw.write(map[string]any{"op": 0, "s": seq, "t": "READY", "d": map[string]any{
		"v":           10,
		"session_id":  "fake-session",
		"user":        map[string]any{"id": BotID, "username": "Mortain", "discriminator": "0", "bot": true},
		"guilds":      []any{},
		"application": map[string]any{"id": AppID, "flags": 0},
	}})
	if err != nil {
		return
	}
	close(ready)
	for {
		var frame struct {
			Op int `json:"op"`
		}
		if err := conn.ReadJSON(&frame); err != nil {
			return
		}
		if frame.Op == 1 {
			if err := s.gw.write(map[string]any{"op": 11}); err != nil {
				return
			}
		}
	}
}

// WaitConnected waits until a bot has identified on the gateway.
func (s *Server) WaitConnected(timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		s.gw.mu.Lock()
		conn, ready := s.gw.conn, s.gw.ready
		s.gw.mu.Unlock()
		if conn != nil {
			select {
			case <-ready:
				return true
			case <-time.After(time.Until(deadline)):
				return false
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

// dispatch sends an event on the gateway.
func (s *Server) dispatch(event string, data any) error {
	if !s.WaitConnected(5 * time.Second) {
		return fmt.Errorf("no bot connected to the gateway")
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return err
	}
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	if s.gw.conn == nil {
		return fmt.Errorf("no gateway connection")
	}
	s.gw.seq++
	return s.gw.conn.WriteJSON(map[string]any{"op": 0, "s": s.gw.seq, "t": event, "d": json.RawMessage(raw)})
}
