package store

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRecordEncodingIsValidJSON(t *testing.T) {
	r := newRecord(record.Key{Guild: "g", Channel: "c"}, 4)
	r.Created = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	r.Updated = r.Created.Add(time.Hour)
	play(t, r.Game, rules.NewRandomPlayer(4), 30)
	b, err := encodeRecord(r)
	require.NoError(t, err)
	require.True(t, json.Valid(b))
	var generic map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &generic))
	assert.ElementsMatch(t, []string{"key", "seats", "meta", "created", "updated", "game"}, keysOf(generic))
	got, err := decodeRecord(b)
	require.NoError(t, err)
	assert.Equal(t, r.Key, got.Key)
	assert.Equal(t, r.Seats, got.Seats)
	assert.Equal(t, r.Meta, got.Meta)
	assert.True(t, r.Updated.Equal(got.Updated))
	assert.Equal(t, gameJSON(t, r.Game), gameJSON(t, got.Game))
}

func keysOf(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
