// Package fakediscord is a fake Discord for tests, driven by the real
// discordgo Session: a REST API on an httptest server (the session's HTTP
// client rewrites every URL to it) and a gateway websocket that sends
// HELLO, READY with a GUILD_CREATE for each guild, INTERACTION_CREATE and
// the CHANNEL_DELETE (no THREAD_DELETE for the deleted channel's threads,
// as Discord), THREAD_DELETE and GUILD_DELETE events. The gateway honours IDENTIFY's shard: each
// shard's connection gets only the events of its guilds ((guild_id >> 22)
// % count), so several bot processes can serve one fake side by side.
//
// Every request is checked against Discord's official OpenAPI spec and
// against the limits Discord enforces beyond it (2000-character content, 5
// action rows of 5 buttons, unique custom_ids, 25 autocomplete choices); an
// unknown route or an invalid body fails the test. Every answer of the fake
// is itself checked against the spec's response schemas.
//
// The fake keeps channel messages (create with nonce deduplication, edit,
// typing), interaction responses and follow-ups, and registered commands.
// Tests can rate-limit or fail chosen requests (RateLimit, Fail: error
// statuses and dropped connections), delete channels, threads and guilds
// (after which REST calls there answer 404 Unknown Channel), and shape the
// interactions they send: the app's permissions per channel, threads, and
// the users a USER option resolves to. Forums refuse messages of their own
// (40058) and, with required tags, posts without one (40067); a locked
// thread refuses posts without Manage Threads (50083), even once its
// creator reopened it; AutoMod's keyword rules refuse posts (200000).
package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Identities of the fake application.
const (
	AppID = "900000000000000001"
	BotID = "900000000000000002"
	Token = "fake-bot-token"
)

// DefaultMaxUpload is Discord's default upload limit per message (10 MiB).
const DefaultMaxUpload = 10 << 20

// File is an uploaded file; ID is its attachment id once a message holds it.
type File struct {
	Field, Name, ContentType string
	Size                     int
	ID                       string
}

// Request is one recorded REST request.
type Request struct {
	Method      string
	Path        string // without the /api/vN prefix
	Route       string // the spec's path template
	Params      map[string]string
	Query       url.Values
	ContentType string
	JSON        []byte // the JSON body, or the payload_json part of a multipart body
	Files       []File
	Status      int // 0 when the fake dropped the connection
	At          time.Time
}

// Server is the fake Discord.
type Server struct {
	t    testing.TB
	spec *Spec
	http *httptest.Server
	up   websocket.Upgrader

	// MaxUpload is the total file size a message may carry.
	MaxUpload int
	// OnViolation reports an invalid request; it defaults to t.Errorf.
	OnViolation func(error)
	// AckDeadline, when set, is enforced as Discord does: a callback
	// later than it is refused (10062) and is a violation. Zero (the
	// default) accepts a late callback and logs how late it was: on a
	// busy machine the bot's goroutines may be scheduled seconds late,
	// which says nothing of its code (the deferral that keeps it in time
	// has tests of its own).
	AckDeadline time.Duration

	nextID atomic.Uint64

	mu           sync.Mutex
	requests     []Request
	limits       []*rateRule
	faults       []*faultRule
	messages     map[string][]*Message // by channel
	nonces       map[string]*Message   // the bot's recent nonces (Discord keeps them per author)
	guildLimits  map[string]int        // upload limits by guild (SetUploadLimit)
	unannounced  map[string]bool       // guilds whose interactions do not tell their limit
	revoked      bool                  // RevokeToken was called
	left         map[string]bool       // guilds the bot left offline
	startLimit   *startLimit           // GET /gateway/bot's session_start_limit
	places       map[string]*place     // channels and threads by id
	threadLimits map[string]int        // active threads allowed, by guild
	newsLimits   map[string]int        // active announcement threads allowed, by guild
	automod      map[string][]string   // words AutoMod blocks, by guild
	opened       map[string][]string   // threads the bot opened, by parent
	unarchived   int
	deleted      []string          // threads the bot deleted
	dmChannels   map[string]string // DM channel by member
	dmRefused    map[string]bool   // members who refuse the bot's DMs
	users        map[string]User   // by id
	interactions map[string]*interactionRec
	commands     map[string][]json.RawMessage // by scope ("" = global)
	changed      chan struct{}                // closed and replaced on every change

	gw gateway
}

// New starts a fake Discord that fails t on any invalid request. It is
// closed when the test ends.
func New(t testing.TB) *Server {
	t.Helper()
	spec, err := LoadSpec()
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{
		t:            t,
		spec:         spec,
		MaxUpload:    DefaultMaxUpload,
		messages:     map[string][]*Message{},
		nonces:       map[string]*Message{},
		places:       map[string]*place{},
		users:        map[string]User{},
		interactions: map[string]*interactionRec{},
		commands:     map[string][]json.RawMessage{},
		changed:      make(chan struct{}),
	}
	s.OnViolation = func(err error) { t.Errorf("fake Discord: %v", err) }
	s.nextID.Store(1_000_000_000_000_000_000)
	mux := http.NewServeMux()
	mux.HandleFunc("/gateway-ws", s.serveGateway)
	mux.HandleFunc("/gateway-ws/", s.serveGateway)
	mux.HandleFunc("/", s.serveREST)
	s.http = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// Close stops the server.
func (s *Server) Close() {
	s.gw.closeConn()
	s.http.Close()
}

// ID returns a fresh snowflake.
func (s *Server) ID() string { return strconv.FormatUint(s.nextID.Add(1), 10) }

// Client returns an HTTP client that sends every request to the fake.
func (s *Server) Client() *http.Client {
	target, _ := url.Parse(s.http.URL)
	return &http.Client{Transport: rewrite{target: target, next: http.DefaultTransport}, Timeout: 20 * time.Second}
}

type rewrite struct {
	target *url.URL
	next   http.RoundTripper
}

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme = r.target.Scheme
	req.URL.Host = r.target.Host
	req.Host = r.target.Host
	return r.next.RoundTrip(req)
}

// Session returns a discordgo session wired to the fake (not yet open).
func (s *Server) Session() *discordgo.Session {
	sess, err := discordgo.New("Bot " + Token)
	if err != nil {
		s.t.Fatal(err)
	}
	sess.Client = s.Client()
	sess.Dialer = &websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	sess.ShouldReconnectOnError = false
	sess.LogLevel = -1
	return sess
}

func (s *Server) violation(format string, args ...any) {
	s.OnViolation(fmt.Errorf(format, args...))
}

// notify wakes everyone waiting for a change; s.mu must be held.
func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// Patience is how long a test waits for something it expects before it
// gives up: a guard against a hang, not a figure of speed, and generous,
// since a loaded machine (the race detector, other tests beside) can make
// the bot's work take tens of seconds.
const Patience = 3 * time.Minute

// WaitFor polls cond after every change until it holds or the time is up;
// it reports whether cond held. The time is timeout, but never less than
// Patience: a test waits for a condition, not for a time.
func (s *Server) WaitFor(timeout time.Duration, cond func() bool) bool {
	deadline := time.After(max(timeout, Patience))
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if cond() {
			return true
		}
		select {
		case <-ch:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			return cond()
		}
	}
}

// RevokeToken makes the bot's token invalid, as a reset in the developer
// portal does: every later REST request answers 401, and the gateway
// closes the connection with 4004 Authentication failed.
func (s *Server) RevokeToken() {
	s.mu.Lock()
	s.revoked = true
	s.notify()
	s.mu.Unlock()
	s.CloseGateway(4004, "Authentication failed.")
}

// Requests returns a copy of every request so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// response is one answer of the fake.
type response struct {
	status int
	body   []byte
	header map[string]string
}

func jsonAnswer(status int, body []byte) response { return response{status: status, body: body} }

func errorAnswer(status, code int, msg string) response {
	b, _ := json.Marshal(map[string]any{"code": code, "message": msg})
	return response{status: status, body: b}
}

func (s *Server) serveREST(w http.ResponseWriter, r *http.Request) {
	req, op, rejected := s.admit(r)
	if rejected != nil {
		s.reply(w, req, op, *rejected)
		return
	}
	if res, limited := s.rateLimited(req); limited {
		s.reply(w, req, op, res)
		return
	}
	if f, ok := s.faultFor(req); ok {
		s.serveFault(w, req, op, f)
		return
	}
	status, body := s.answer(req)
	s.reply(w, req, op, jsonAnswer(status, body))
}

// admit parses and validates a request; a non-nil answer rejects it. op is
// nil when the route is not in the spec.
func (s *Server) admit(r *http.Request) (Request, *Operation, *response) {
	path, ok := strings.CutPrefix(r.URL.Path, "/api/v")
	if !ok {
		s.violation("%s %s: not an API path", r.Method, r.URL.Path)
		return Request{Method: r.Method, Path: r.URL.Path, At: time.Now()}, nil, reject(http.StatusNotFound, 0, "404: Not Found")
	}
	if i := strings.IndexByte(path, '/'); i >= 0 {
		path = path[i:]
	}
	req := Request{Method: r.Method, Path: path, Query: r.URL.Query(), At: time.Now()}
	op, err := s.spec.Match(r.Method, path)
	if err != nil {
		s.violation("%v", err)
		return req, nil, reject(http.StatusNotFound, 0, "404: Not Found")
	}
	req.Route, req.Params = op.Template, op.Params
	if err := s.spec.ValidateParams(op); err != nil {
		s.violation("%s %s: %v", r.Method, path, err)
	}
	s.mu.Lock()
	revoked := s.revoked
	s.mu.Unlock()
	if revoked {
		return req, &op, reject(http.StatusUnauthorized, 0, "401: Unauthorized")
	}
	if op.Template != "/gateway" && r.Header.Get("Authorization") != "Bot "+Token {
		s.violation("%s %s: missing or wrong Authorization header", r.Method, path)
		return req, &op, reject(http.StatusUnauthorized, 0, "401: Unauthorized")
	}
	return req, &op, s.validate(r, &req, op)
}

// validate reads the body and checks it against the spec and Discord's
// limits.
func (s *Server) validate(r *http.Request, req *Request, op Operation) *response {
	if err := s.readBody(r, req); err != nil {
		s.violation("%s %s: %v", req.Method, req.Path, err)
		if errors.Is(err, errTooLarge) {
			return reject(http.StatusRequestEntityTooLarge, 40005, "Request entity too large")
		}
		return reject(http.StatusBadRequest, 50109, err.Error())
	}
	media := req.ContentType
	if len(req.Files) > 0 || strings.HasPrefix(media, "multipart/") {
		media = "multipart/form-data"
	}
	if err := s.spec.ValidateBody(op, media, req.JSON); err != nil {
		s.violation("%v", err)
		return reject(http.StatusBadRequest, 50035, "Invalid Form Body")
	}
	if err := checkLimits(*req); err != nil {
		s.violation("%s %s: %v", req.Method, req.Path, err)
		return reject(http.StatusBadRequest, 50035, "Invalid Form Body")
	}
	return nil
}

func reject(status, code int, msg string) *response {
	res := errorAnswer(status, code, msg)
	return &res
}

// reply records req, checks the answer against the spec and writes it.
func (s *Server) reply(w http.ResponseWriter, req Request, op *Operation, res response) {
	s.record(req, res.status)
	s.checkResponse(req, op, res)
	for k, v := range res.header {
		w.Header().Set(k, v)
	}
	if res.body == nil {
		w.WriteHeader(res.status)
		return
	}
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(res.status)
	w.Write(res.body)
}

// checkResponse reports an answer of the fake that the spec does not
// allow. Answers to routes outside the spec, and answers that set their own
// Content-Type (BadGateway's HTML page), are not checked.
func (s *Server) checkResponse(req Request, op *Operation, res response) {
	if op == nil || res.header["Content-Type"] != "" {
		return
	}
	if err := s.spec.ValidateResponse(*op, res.status, res.body); err != nil {
		s.violation("the fake's own answer to %s %s: %v", req.Method, req.Path, err)
	}
}

func (s *Server) record(req Request, status int) {
	req.Status = status
	s.mu.Lock()
	s.requests = append(s.requests, req)
	s.notify()
	s.mu.Unlock()
}

// readBody fills req.ContentType, req.JSON and req.Files.
func (s *Server) readBody(r *http.Request, req *Request) error {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	if len(raw) == 0 {
		return nil
	}
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return fmt.Errorf("bad Content-Type %q", r.Header.Get("Content-Type"))
	}
	req.ContentType = mt
	switch mt {
	case "application/json":
		req.JSON = raw
		return nil
	case "multipart/form-data":
		mr := multipart.NewReader(bytes.NewReader(raw), params["boundary"])
		total := 0
		for {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return fmt.Errorf("multipart: %w", err)
			}
			data, err := io.ReadAll(p)
			if err != nil {
				return err
			}
			if p.FormName() == "payload_json" {
				req.JSON = data
				continue
			}
			if !strings.HasPrefix(p.FormName(), "files[") {
				return fmt.Errorf("unexpected multipart field %q", p.FormName())
			}
			total += len(data)
			req.Files = append(req.Files, File{Field: p.FormName(), Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Size: len(data)})
		}
		if req.JSON == nil {
			return errors.New("multipart body without payload_json")
		}
		if total > s.MaxUpload {
			return errTooLarge
		}
		return nil
	}
	return fmt.Errorf("unsupported Content-Type %q", mt)
}

var errTooLarge = errors.New("request entity too large")
