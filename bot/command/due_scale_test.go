package command

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/mortain/mortain/bot/frontend"
	"github.com/mortain/mortain/internal/testenv"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A timer check reads the games due, not the games that exist: with a few
// thousand games waiting for their players, the first check after they
// were created looks at each once and puts it off to its next timer; a
// check a minute later decodes and copies no game record at all.
func TestATimerCheckWithNothingDueReadsNoGame(t *testing.T) {
	n := 500
	switch {
	case testenv.Long():
		n = 2000
	case testing.Short():
		n = 100
	}
	db, err := store.Open(filepath.Join(t.TempDir(), "mortain.db"), store.Options{})
	require.NoError(t, err)
	defer db.Close()
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	s := New(Config{Store: db, FrontEnd: frontend.Discord{Outbox: true}, Now: func() time.Time { return now }})
	// Eight at a time, as many channels would: their commits share fsyncs.
	parallel := func(n int, fn func(i int)) {
		var wg sync.WaitGroup
		for w := 0; w < 8; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for i := w; i < n; i += 8 {
					fn(i)
				}
			}(w)
		}
		wg.Wait()
	}
	parallel(n, func(i int) {
		rec := &record.Record{Key: record.Key{Guild: fmt.Sprintf("g%d", i%50), Channel: fmt.Sprintf("c%d", i)},
			Game:  rules.NewGame(rules.DefaultScenario(), rules.Options{}, uint64(i)),
			Seats: map[rules.Side]record.Seat{rules.US: {UserID: "1"}, rules.German: {UserID: "2"}},
			Meta:  record.Meta{Deadline: 48 * time.Hour, Remind: 12 * time.Hour, Acted: now}}
		assert.NoError(t, db.Create(rec))
	})
	check := func() int {
		keys, err := db.Due(now)
		require.NoError(t, err)
		parallel(len(keys), func(i int) { s.Tick(context.Background(), keys[i]) })
		return len(keys)
	}
	require.Equal(t, n, check(), "every new game is checked once")
	now = now.Add(time.Minute)
	decoded, copied := db.RecordsRead()
	require.Zero(t, check(), "nothing is due a minute later")
	d2, c2 := db.RecordsRead()
	require.Equal(t, decoded, d2, "records decoded by a check with nothing due")
	require.Equal(t, copied, c2, "records copied by a check with nothing due")

	// Twelve hours on, every game is due its reminder, and gets it once.
	now = now.Add(12 * time.Hour)
	require.Equal(t, n, check())
	pending, err := db.Pending(record.Key{Guild: "g0", Channel: "c0"})
	require.NoError(t, err)
	require.Len(t, pending, 1, "the reminder is queued")
	require.Zero(t, check(), "a reminder queued is not checked again at once")
}
