package bot

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"
)

// The admin listener (off unless admin.listen is set; on localhost when
// only a port is given) serves:
//
//	/healthz  200 while the process serves
//	/readyz   200 once the gateway is connected and the database answers, else 503 with the reason
//	          (also once the background walk of the database, or a command, found a damaged page)
//	/metrics  the Prometheus metrics (metrics.go)
//	/backup   a consistent snapshot of the database (backups.go): with
//	          admin.token, for requests that carry it; without, on a
//	          loopback address only

// adminHandler routes the admin listener's requests.
func (b *Bot) adminHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, _ *http.Request) {
		if err := b.ready(); err != nil {
			http.Error(w, "not ready: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ready")
	})
	mux.Handle("/metrics", b.metrics.handler())
	mux.HandleFunc("/backup", b.guarded(b.serveBackup))
	return mux
}

// guarded lets a request that copies or changes data through: with
// admin.token set, only one that carries it (Authorization: Bearer
// TOKEN); without one, only on a listener bound to a loopback address.
func (b *Bot) guarded(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if tok := b.cfg.AdminToken; tok != "" {
			got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(tok)) != 1 {
				w.Header().Set("WWW-Authenticate", `Bearer realm="mortain"`)
				http.Error(w, "this path needs the admin token (Authorization: Bearer TOKEN)", http.StatusUnauthorized)
				return
			}
		} else if !loopback(b.AdminAddr()) {
			http.Error(w, "this path copies the database: on an address other than localhost, set admin.token (or MORTAIN_ADMIN_TOKEN) and send it as Authorization: Bearer TOKEN", http.StatusForbidden)
			return
		}
		h(w, r)
	}
}

// loopback reports whether a listen address is on the loopback interface
// only.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback() || host == "localhost"
}

// ready reports why the bot cannot serve yet, or nil.
func (b *Bot) ready() error {
	if !b.connected.Load() {
		return errors.New("the Discord gateway is not connected")
	}
	if _, err := b.games.Running(); err != nil {
		return fmt.Errorf("the database does not answer: %w", err)
	}
	if err := b.games.Damaged(); err != nil {
		return err // says what to do
	}
	if err := b.DatabaseCheck(); err != nil {
		return fmt.Errorf("%w: back the file up, stop the bot and run mortain doctor", err)
	}
	return nil
}

// AdminAddress completes an admin listen setting: a port alone ("9464" or
// ":9464") listens on localhost only.
func AdminAddress(listen string) string {
	if _, _, err := net.SplitHostPort(listen); err != nil {
		return net.JoinHostPort("127.0.0.1", listen)
	}
	if host, port, _ := net.SplitHostPort(listen); host == "" {
		return net.JoinHostPort("127.0.0.1", port)
	}
	return listen
}

// serveAdmin runs the admin listener until ctx ends.
func (b *Bot) serveAdmin(ctx context.Context, addr string) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("the admin listener %s: %w", addr, err)
	}
	srv := &http.Server{Handler: b.adminHandler(), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	b.log.Info("admin listener serving /healthz, /readyz and /metrics", "addr", ln.Addr().String())
	b.adminAddr.Store(ln.Addr().String())
	return func() {
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}, nil
}

// AdminAddr is the admin listener's address once it serves ("" when off).
func (b *Bot) AdminAddr() string {
	if a, ok := b.adminAddr.Load().(string); ok {
		return a
	}
	return ""
}
