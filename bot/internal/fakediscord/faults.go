package fakediscord

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Fault is a failure the fake gives instead of a normal answer (see Fail).
//
// How discordgo (restapi.go, RequestWithLockedBucket, since the 500s fix
// after v0.29.0) reacts: it retries a 500, 502, 503 or 504 by itself, up
// to Session.MaxRestRetries (3) more times, then returns "Exceeded Max
// retries"; every 4xx comes back at once as a *discordgo.RESTError; a dropped connection comes back
// at once as the http.Client's *url.Error, without retry. Go's
// http.Transport does not resend a POST or PATCH whose connection dropped,
// but may resend an idempotent request (GET) once when the dropped
// connection was a reused keep-alive one.
type Fault int

// The faults.
const (
	// Forbidden answers 403 code 50013 "Missing Permissions".
	Forbidden Fault = iota + 1
	// UnknownChannel answers 404 code 10003 "Unknown Channel".
	UnknownChannel
	// ServerError answers 500 (discordgo retries it).
	ServerError
	// BadGateway answers 502 with an HTML page, as Discord's proxy does
	// (discordgo retries it).
	BadGateway
	// DropBefore closes the connection without handling the request or
	// answering: nothing happens and the client sees a transport error.
	DropBefore
	// DropAfter handles the request fully (a message is created), then
	// closes the connection without answering: the client sees a transport
	// error although the request took effect, so a blind retry acts twice.
	DropAfter
	// Rejected answers 400 code 50035 "Invalid Form Body": Discord
	// refusing a body for a reason the bot cannot fix by retrying.
	Rejected
	// Unauthorized answers 401 "Unauthorized" (the token is no longer
	// valid) to the matching requests only; RevokeToken refuses all.
	Unauthorized
	// ThreadArchived answers 400 code 50083 "Thread is archived" (an edit
	// of a message in an archived thread).
	ThreadArchived
)

var faultNames = map[Fault]string{Forbidden: "Forbidden", UnknownChannel: "UnknownChannel",
	ServerError: "ServerError", BadGateway: "BadGateway", DropBefore: "DropBefore", DropAfter: "DropAfter",
	Rejected: "Rejected", Unauthorized: "Unauthorized", ThreadArchived: "ThreadArchived"}

// String names the fault.
func (f Fault) String() string {
	if n, ok := faultNames[f]; ok {
		return n
	}
	return "Fault(" + strconv.Itoa(int(f)) + ")"
}

// faultRule gives a fault to the next left requests that match.
type faultRule struct {
	match func(Request) bool
	left  int
	fault Fault
}

// Fail makes the fake answer the next n requests for which match returns
// true with fault f instead of handling them (DropAfter handles them, then
// drops the answer). Faulted requests are recorded in Requests with the
// status given, 0 for a dropped connection. Rate limits (RateLimit) apply
// first.
func (s *Server) Fail(n int, f Fault, match func(Request) bool) {
	s.mu.Lock()
	s.faults = append(s.faults, &faultRule{match: match, left: n, fault: f})
	s.mu.Unlock()
}

// ClearFaults removes every fault rule Fail set: requests are handled
// normally again.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	s.faults = nil
	s.mu.Unlock()
}

func (s *Server) faultFor(req Request) (Fault, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range s.faults {
		if r.left > 0 && r.match(req) {
			r.left--
			return r.fault, true
		}
	}
	return 0, false
}

// serveFault answers req with fault f.
func (s *Server) serveFault(w http.ResponseWriter, req Request, op *Operation, f Fault) {
	switch f {
	case Forbidden:
		s.reply(w, req, op, errorAnswer(http.StatusForbidden, 50013, "Missing Permissions"))
	case UnknownChannel:
		s.reply(w, req, op, errorAnswer(http.StatusNotFound, 10003, "Unknown Channel"))
	case ServerError:
		s.reply(w, req, op, errorAnswer(http.StatusInternalServerError, 0, "500: Internal Server Error"))
	case Rejected:
		s.reply(w, req, op, errorAnswer(http.StatusBadRequest, 50035, "Invalid Form Body"))
	case ThreadArchived:
		s.reply(w, req, op, errorAnswer(http.StatusBadRequest, 50083, "Thread is archived"))
	case Unauthorized:
		s.reply(w, req, op, errorAnswer(http.StatusUnauthorized, 0, "401: Unauthorized"))
	case BadGateway:
		s.reply(w, req, op, response{status: http.StatusBadGateway, body: []byte(badGatewayPage),
			header: map[string]string{"Content-Type": "text/html"}})
	case DropBefore:
		s.record(req, 0)
		drop(w)
	case DropAfter:
		status, body := s.answer(req)
		s.checkResponse(req, op, jsonAnswer(status, body))
		s.record(req, 0)
		drop(w)
	default:
		panic("fakediscord: unknown fault " + f.String())
	}
}

const cloudflarePage = "<!DOCTYPE html><html><head><title>Access denied | discord.com used Cloudflare to restrict access</title></head><body><h1>Error 1015</h1><p>You are being rate limited.</p></body></html>\n"

const badGatewayPage = "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>cloudflare</center></body></html>\n"

// drop closes the client's connection without an answer.
func drop(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic("fakediscord: cannot hijack the connection")
	}
	conn, _, err := hj.Hijack()
	if err == nil {
		conn.Close()
	}
}

// rateRule answers 429 to the next left requests that match.
type rateRule struct {
	match func(Request) bool
	left  int
	retry float64
	// global marks Discord's global limit; cloudflare, the HTML page of
	// Discord's edge (too many invalid requests).
	global, cloudflare bool
}

// RateLimitGlobal answers the next n matching requests with Discord's
// global 429 ("global": true, X-RateLimit-Global).
func (s *Server) RateLimitGlobal(n int, retryAfter time.Duration, match func(Request) bool) {
	s.mu.Lock()
	s.limits = append(s.limits, &rateRule{match: match, left: n, retry: retryAfter.Seconds(), global: true})
	s.mu.Unlock()
}

// RateLimitCloudflare answers the next n matching requests with the HTML
// 429 page of Discord's edge, with Retry-After in seconds (fractions
// allowed here, so tests stay short).
func (s *Server) RateLimitCloudflare(n int, retryAfter time.Duration, match func(Request) bool) {
	s.mu.Lock()
	s.limits = append(s.limits, &rateRule{match: match, left: n, retry: retryAfter.Seconds(), cloudflare: true})
	s.mu.Unlock()
}

// RateLimit makes the fake answer 429 with retry_after to the next n
// requests for which match returns true.
func (s *Server) RateLimit(n int, retryAfter time.Duration, match func(Request) bool) {
	s.mu.Lock()
	s.limits = append(s.limits, &rateRule{match: match, left: n, retry: retryAfter.Seconds()})
	s.mu.Unlock()
}

func (s *Server) rateLimited(req Request) (response, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range s.limits {
		if r.left > 0 && r.match(req) {
			r.left--
			switch {
			case r.cloudflare:
				return response{status: http.StatusTooManyRequests, body: []byte(cloudflarePage), header: map[string]string{
					"Content-Type": "text/html", "Retry-After": strconv.FormatFloat(r.retry, 'g', -1, 64)}}, true
			case r.global:
				res := tooManyRequests(r.retry)
				res.body = []byte(strings.Replace(string(res.body), `"global":false`, `"global":true`, 1))
				res.header["X-RateLimit-Global"] = "true"
				res.header["X-RateLimit-Scope"] = "global"
				return res, true
			}
			return tooManyRequests(r.retry), true
		}
	}
	return response{}, false
}

func tooManyRequests(retry float64) response {
	body := []byte(`{"code":0,"message":"You are being rate limited.","retry_after":` +
		strconv.FormatFloat(retry, 'g', -1, 64) + `,"global":false}`)
	return response{status: http.StatusTooManyRequests, body: body, header: map[string]string{
		"Retry-After":       strconv.Itoa(int(retry + 0.999)),
		"X-RateLimit-Scope": "user",
	}}
}
