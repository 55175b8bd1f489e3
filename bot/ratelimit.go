package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Discord's global rate limit is 50 requests a second per bot, for every
// route but the interactions' own (their callbacks and follow-ups). The
// bot keeps well under it.
const (
	// GlobalRate is the requests a second the bot sends on routes that
	// count towards Discord's global limit.
	GlobalRate = 25
	// GlobalBurst is how many of them may go at once.
	GlobalBurst = 10
	// maxRateRetries is how many 429s in a row one request waits out
	// before its caller is given the 429 (and retries on its own terms).
	maxRateRetries = 3
)

// rateTransport is the HTTP transport of the bot's Discord session. It
// spaces the requests on routes under Discord's global limit with one
// limiter for the whole process, lets the interactions' routes (exempt
// from it) pass at once, and waits out a 429 itself: for the time Discord
// says (retry_after, with its global flag), or, for Cloudflare's HTML 429
// (sent when a bot made too many invalid requests), for its Retry-After
// header, holding every route meanwhile. Waits honour the request's
// context. It counts the answers Discord tallies as invalid (401, 403,
// 429) in the metrics.
type rateTransport struct {
	next    http.RoundTripper
	limit   *rate.Limiter
	metrics *metrics
	log     *slog.Logger

	mu        sync.Mutex
	heldUntil time.Time // a global or Cloudflare 429 holds the limited routes
	allUntil  time.Time // a Cloudflare 429 holds every route
}

func newRateTransport(next http.RoundTripper, perSecond float64, m *metrics, log *slog.Logger) *rateTransport {
	if next == nil {
		next = http.DefaultTransport
	}
	if perSecond <= 0 {
		perSecond = GlobalRate
	}
	return &rateTransport{next: next, limit: rate.NewLimiter(rate.Limit(perSecond), GlobalBurst), metrics: m, log: log}
}

// exempt reports whether a request is on an interaction's own route
// (its callback, follow-ups and their edits), which Discord leaves out of
// the global limit.
func exempt(path string) bool {
	return strings.Contains(path, "/interactions/") || strings.Contains(path, "/webhooks/")
}

// RoundTrip sends req, spacing and retrying it as described above.
func (t *rateTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	limited := !exempt(req.URL.Path)
	for attempt := 0; ; attempt++ {
		if err := t.hold(ctx, limited); err != nil {
			return nil, err
		}
		if limited {
			if err := t.limit.Wait(ctx); err != nil {
				return nil, err
			}
		}
		resp, err := t.next.RoundTrip(req)
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case http.StatusUnauthorized, http.StatusForbidden, http.StatusTooManyRequests:
			t.metrics.invalid(resp.StatusCode)
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		resp.Body = io.NopCloser(bytes.NewReader(body))
		wait, global, cloudflare := retryAfter(resp, body)
		t.note(wait, global, cloudflare)
		if cloudflare {
			t.log.Error("Discord's edge (Cloudflare) refused the bot for too many invalid requests; every request waits", "wait", wait, "path", req.URL.Path)
		} else {
			t.log.Warn("rate limited by Discord", "wait", wait, "global", global, "path", req.URL.Path)
		}
		if attempt+1 >= maxRateRetries || req.Body != nil && req.GetBody == nil || !fits(ctx, wait) {
			// The caller sees the 429; this transport holds the routes a
			// global one concerns, so discordgo's own global lock, which
			// would hold the interactions' acknowledgements too, is not set.
			resp.Header.Del("X-RateLimit-Global")
			return resp, nil
		}
		if req.GetBody != nil {
			b, err := req.GetBody()
			if err != nil {
				return resp, nil
			}
			req = req.Clone(ctx)
			req.Body = b
		}
		if err := sleepCtx(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// retryAfter reads a 429: the wait, whether it is global, and whether it
// is Cloudflare's HTML page rather than Discord's JSON.
func retryAfter(resp *http.Response, body []byte) (wait time.Duration, global, cloudflare bool) {
	var rl struct {
		RetryAfter *float64 `json:"retry_after"`
		Global     bool     `json:"global"`
	}
	header := time.Duration(0)
	if s, err := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); err == nil { // none or 0: a minute, below
		header = time.Duration(s * float64(time.Second))
	}
	if json.Unmarshal(body, &rl) != nil || rl.RetryAfter == nil {
		// Cloudflare's page: its Retry-After, or a long pause without one.
		if header <= 0 {
			header = time.Minute
		}
		return header, true, true
	}
	wait = time.Duration(*rl.RetryAfter * float64(time.Second))
	global = rl.Global || resp.Header.Get("X-RateLimit-Global") == "true" || resp.Header.Get("X-RateLimit-Scope") == "global"
	return max(wait, 0), global, false
}

// note holds the routes a 429 says to hold.
func (t *rateTransport) note(wait time.Duration, global, cloudflare bool) {
	if !global && !cloudflare {
		return
	}
	until := time.Now().Add(wait)
	t.mu.Lock()
	defer t.mu.Unlock()
	if until.After(t.heldUntil) {
		t.heldUntil = until
	}
	if cloudflare && until.After(t.allUntil) {
		t.allUntil = until
	}
}

// hold waits while a global or Cloudflare 429 holds the request's route.
func (t *rateTransport) hold(ctx context.Context, limited bool) error {
	t.mu.Lock()
	until := t.allUntil
	if limited && t.heldUntil.After(until) {
		until = t.heldUntil
	}
	t.mu.Unlock()
	if wait := time.Until(until); wait > 0 {
		if !fits(ctx, wait) {
			return errHeld
		}
		return sleepCtx(ctx, wait)
	}
	return nil
}

// errHeld is a request that could not wait out a global 429 within its
// context's deadline.
var errHeld = errors.New("the rate limit of Discord holds every request for longer than this one can wait")

// fits reports whether ctx's deadline leaves room for a wait.
func fits(ctx context.Context, wait time.Duration) bool {
	d, ok := ctx.Deadline()
	return !ok || time.Until(d) > wait
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
