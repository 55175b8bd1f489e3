package fakediscord

import (
	"net/http"
	"net/url"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// URL is the fake's address, for a bot in another process (SessionAt).
func (s *Server) URL() string { return s.http.URL }

// SessionAt returns a discordgo session wired to the fake at addr (its
// URL), for a bot running in a child process; not yet open.
func SessionAt(addr string) (*discordgo.Session, error) {
	target, err := url.Parse(addr)
	if err != nil {
		return nil, err
	}
	sess, err := discordgo.New("Bot " + Token)
	if err != nil {
		return nil, err
	}
	sess.Client = &http.Client{Transport: rewrite{target: target, next: http.DefaultTransport}, Timeout: 20 * time.Second}
	sess.Dialer = &websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	sess.ShouldReconnectOnError = false
	sess.LogLevel = -1
	return sess, nil
}
