package fakediscord

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// restCode is the Discord error code of a *discordgo.RESTError, else -1.
func restCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return -1
}

// restStatus is the HTTP status of a *discordgo.RESTError, else 0.
func restStatus(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		return re.Response.StatusCode
	}
	return 0
}

// collect registers a handler that passes every event of type T on.
func collect[T any](sess *discordgo.Session) <-chan T {
	ch := make(chan T, 16)
	sess.AddHandler(func(_ *discordgo.Session, ev T) { ch <- ev })
	return ch
}

// next waits for the next event on ch.
func next[T any](t *testing.T, ch <-chan T) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(Patience):
		var zero T
		t.Fatalf("no %T event arrived", zero)
		return zero
	}
}

// violations makes s collect its violations instead of failing the test.
func violations(s *Server) func() []error {
	var mu sync.Mutex
	var errs []error
	s.OnViolation = func(err error) { mu.Lock(); errs = append(errs, err); mu.Unlock() }
	return func() []error {
		mu.Lock()
		defer mu.Unlock()
		return append([]error(nil), errs...)
	}
}

// statuses lists the recorded statuses of the requests that match.
func statuses(s *Server, match func(Request) bool) []int {
	var out []int
	for _, r := range s.Requests() {
		if match(r) {
			out = append(out, r.Status)
		}
	}
	return out
}
