package bot

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mortain/mortain/store/record"
)

// roundTripper answers each request with what answer says and keeps the
// paths it was sent.
type roundTripper struct {
	mu     sync.Mutex
	paths  []string
	bodies []string
	answer func(req *http.Request) *http.Response
}

func (r *roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	body := ""
	if req.Body != nil {
		b, _ := io.ReadAll(req.Body)
		body = string(b)
	}
	r.mu.Lock()
	r.paths = append(r.paths, req.URL.Path)
	r.bodies = append(r.bodies, body)
	r.mu.Unlock()
	return r.answer(req), nil
}

func (r *roundTripper) sent() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.paths...)
}

// answer is an HTTP answer with a body and headers (name, value, ...).
func answer(status int, body string, headers ...string) *http.Response {
	h := http.Header{}
	for i := 0; i+1 < len(headers); i += 2 {
		h.Set(headers[i], headers[i+1])
	}
	return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(strings.NewReader(body))}
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// The routes of the tests: a channel post (under the global limit) and an
// interaction's callback and follow-up (exempt from it).
const (
	postPath     = "/api/v10/channels/1/messages"
	callbackPath = "/api/v10/interactions/2/tok/callback"
	followUpPath = "/api/v10/webhooks/3/tok"
)

// send sends a request on path through t with a deadline of a minute
// (shorter than the holds the tests set, so a held request fails at once
// instead of waiting).
func send(t *testing.T, rt http.RoundTripper, path, body string) (*http.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://discord.test"+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	return rt.RoundTrip(req)
}

// A global 429 holds every request under the global limit until its
// retry_after has passed, but not the interactions' own routes: the
// acknowledgements Discord wants within 3 seconds still go.
func TestAGlobal429HoldsOtherRequestsButNotInteractions(t *testing.T) {
	next := &roundTripper{answer: func(req *http.Request) *http.Response {
		if req.URL.Path == postPath {
			return answer(429, `{"retry_after": 3600, "global": true, "message": "You are being rate limited."}`, "X-RateLimit-Global", "true")
		}
		return answer(204, "")
	}}
	rt := newRateTransport(next, 0, nil, quietLog())
	resp, err := send(t, rt, postPath, "")
	if err != nil || resp.StatusCode != 429 {
		t.Fatalf("the first post: %v %v, want its 429 (its deadline is shorter than the wait)", resp, err)
	}
	if resp.Header.Get("X-RateLimit-Global") != "" {
		t.Error("the 429 passed on names the global limit: discordgo would hold the interactions too")
	}
	if _, err := send(t, rt, "/api/v10/channels/9/messages", ""); err != errHeld {
		t.Errorf("a post to another channel during the hold: %v, want it held", err)
	}
	for _, path := range []string{callbackPath, followUpPath} {
		resp, err := send(t, rt, path, "")
		if err != nil || resp.StatusCode != 204 {
			t.Errorf("%s during the hold: %v %v, want it sent", path, resp, err)
		}
	}
	if got := next.sent(); len(got) != 3 || got[1] != callbackPath || got[2] != followUpPath {
		t.Errorf("sent %v: the held post went out, or an interaction was held", got)
	}
}

// A 429 of one route (not global) holds no other request.
func TestARouteLimitHoldsNoOtherRoute(t *testing.T) {
	next := &roundTripper{answer: func(req *http.Request) *http.Response {
		if req.URL.Path == postPath {
			return answer(429, `{"retry_after": 3600, "global": false}`)
		}
		return answer(200, "{}")
	}}
	rt := newRateTransport(next, 0, nil, quietLog())
	if resp, _ := send(t, rt, postPath, ""); resp == nil || resp.StatusCode != 429 {
		t.Fatalf("the post: %v, want its 429", resp)
	}
	resp, err := send(t, rt, "/api/v10/channels/9/messages", "")
	if err != nil || resp.StatusCode != 200 {
		t.Errorf("another channel's post: %v %v, want it sent", resp, err)
	}
}

// Cloudflare's 429 (an HTML page, sent after too many invalid requests)
// holds every route, the interactions' too, for its Retry-After.
func TestCloudflares429HoldsEveryRoute(t *testing.T) {
	next := &roundTripper{answer: func(req *http.Request) *http.Response {
		if req.URL.Path == postPath {
			return answer(429, "<html>Error 1015</html>", "Retry-After", "3600", "Content-Type", "text/html")
		}
		return answer(204, "")
	}}
	rt := newRateTransport(next, 0, nil, quietLog())
	if resp, _ := send(t, rt, postPath, ""); resp == nil || resp.StatusCode != 429 {
		t.Fatalf("the post: %v, want its 429", resp)
	}
	for _, path := range []string{callbackPath, "/api/v10/channels/9/messages"} {
		if _, err := send(t, rt, path, ""); err != errHeld {
			t.Errorf("%s after Cloudflare's 429: %v, want it held", path, err)
		}
	}
	if n := len(next.sent()); n != 1 {
		t.Errorf("%d requests reached Discord, want 1", n)
	}
}

// A request limited again and again is sent maxRateRetries times, then
// its caller gets the 429; each retry sends the same body again.
func TestA429IsRetriedThreeTimesAtMost(t *testing.T) {
	next := &roundTripper{answer: func(*http.Request) *http.Response {
		return answer(429, `{"retry_after": 0, "global": false}`)
	}}
	rt := newRateTransport(next, 0, nil, quietLog())
	resp, err := send(t, rt, postPath, `{"content":"hello"}`)
	if err != nil || resp.StatusCode != 429 {
		t.Fatalf("got %v %v, want the 429", resp, err)
	}
	if n := len(next.sent()); n != maxRateRetries || maxRateRetries != 3 {
		t.Errorf("sent %d times, want %d (3)", n, maxRateRetries)
	}
	for i, b := range next.bodies {
		if b != `{"content":"hello"}` {
			t.Errorf("attempt %d sent %q", i+1, b)
		}
	}

	// A 429 then a success: the caller sees the success.
	calls := 0
	next.answer = func(*http.Request) *http.Response {
		calls++
		if calls == 1 {
			return answer(429, `{"retry_after": 0.001, "global": false}`)
		}
		return answer(200, `{"id":"5"}`)
	}
	resp, err = send(t, rt, postPath, `{"content":"again"}`)
	if err != nil || resp.StatusCode != 200 || calls != 2 {
		t.Errorf("got %v %v after %d calls, want 200 after 2", resp, err, calls)
	}
}

// retryAfter reads Discord's JSON 429 (its retry_after, global by its
// flag or its headers) and Cloudflare's HTML one (its Retry-After, else a
// minute).
func TestRetryAfterReadsDiscordsAndCloudflares429(t *testing.T) {
	for _, c := range []struct {
		name               string
		body               string
		headers            []string
		wait               time.Duration
		global, cloudflare bool
	}{
		{"a route's limit", `{"retry_after": 1.5, "global": false}`, nil, 1500 * time.Millisecond, false, false},
		{"global by its flag", `{"retry_after": 2, "global": true}`, nil, 2 * time.Second, true, false},
		{"global by the header", `{"retry_after": 2}`, []string{"X-RateLimit-Global", "true"}, 2 * time.Second, true, false},
		{"global by the scope", `{"retry_after": 2}`, []string{"X-RateLimit-Scope", "global"}, 2 * time.Second, true, false},
		{"shared scope", `{"retry_after": 2}`, []string{"X-RateLimit-Scope", "shared"}, 2 * time.Second, false, false},
		{"negative", `{"retry_after": -1}`, nil, 0, false, false},
		{"Cloudflare with Retry-After", "<html></html>", []string{"Retry-After", "30"}, 30 * time.Second, true, true},
		{"Cloudflare without", "<html></html>", nil, time.Minute, true, true},
	} {
		resp := answer(429, c.body, c.headers...)
		wait, global, cloudflare := retryAfter(resp, []byte(c.body))
		if wait != c.wait || global != c.global || cloudflare != c.cloudflare {
			t.Errorf("%s: %v global %v Cloudflare %v, want %v %v %v", c.name, wait, global, cloudflare, c.wait, c.global, c.cloudflare)
		}
	}
}

// A channel refused for a missing permission is tried again after a
// pause that doubles each time, from retryBase up to retryMax; a refusal
// of another kind is not retried on its own.
func TestThePermissionRetryBackOffDoubles(t *testing.T) {
	d := newDeliverer(nil, nil, quietLog(), DefaultUploadLimit)
	defer d.close(time.Second)
	d.retryBase, d.retryMax = time.Hour, 5*time.Hour
	key := record.Key{Guild: "g", Channel: "c1"}
	c := &courier{running: true}
	d.couriers[key] = c
	refused := &refusal{kind: refusedPermission, reason: "Missing Permissions"}
	for i, want := range []time.Duration{time.Hour, 2 * time.Hour, 4 * time.Hour, 5 * time.Hour, 5 * time.Hour} {
		c.running = true
		d.stop(key, c, refused)
		if c.backoff != want || c.retry == nil || c.running {
			t.Errorf("refusal %d: back-off %v (retry set: %v), want %v", i+1, c.backoff, c.retry != nil, want)
		}
	}
	other := &courier{running: true}
	d.couriers[record.Key{Guild: "g", Channel: "c2"}] = other
	d.stop(record.Key{Guild: "g", Channel: "c2"}, other, &refusal{kind: refusedOther, reason: "Cannot send an empty message"})
	if other.retry != nil || other.backoff != 0 {
		t.Errorf("a refusal no permission fixes is retried after %v", other.backoff)
	}
}

// The transport spaces requests at the rate configured, the default when
// none is.
func TestTheRequestRateIsTheOneConfigured(t *testing.T) {
	for rate, want := range map[float64]float64{0: GlobalRate, -3: GlobalRate, 1: 1, 40: 40} {
		rt := newRateTransport(nil, rate, nil, quietLog())
		if got := float64(rt.limit.Limit()); got != want || rt.limit.Burst() != GlobalBurst {
			t.Errorf("configured %v: %v a second, burst %d, want %v and %d", rate, got, rt.limit.Burst(), want, GlobalBurst)
		}
	}
}
