package command

import (
	"strings"
	"testing"

	"github.com/mortain/mortain/internal/duration"
	"github.com/mortain/mortain/internal/duration/durationcases"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The options of new read durations as the configuration does (one
// syntax, one parser: 1.5d and 2d12h too), and a bad one is refused with
// the same message.
func TestOptionDurationsReadAsTheConfiguration(t *testing.T) {
	for text, want := range durationcases.Good {
		s, st := newService(t, 5)
		mustDo(t, s, ann, "new opponent:<@2> remind:"+text+" round-limit:"+text)
		rec, err := st.Get(testKey)
		require.NoError(t, err)
		assert.Equal(t, want, rec.Meta.Remind, text)
		assert.Equal(t, want, rec.Meta.RoundLimit, text)
	}
	for _, text := range durationcases.Bad {
		if strings.Contains(text, " ") {
			continue // a space ends an option's value in the text form
		}
		s, st := newService(t, 5)
		r := do(t, s, ann, "new opponent:<@2> round-limit:"+text)
		require.True(t, r.Refused, text)
		assert.Contains(t, r.Private, (&duration.Error{Value: text}).Error(), text)
		_, err := st.Get(testKey)
		assert.Error(t, err, "%s: no game started", text)
	}
}

// The catalog words the parser's error with its own words.
func TestTheCatalogWordsDurationErrorsAsTheParser(t *testing.T) {
	for _, text := range durationcases.Bad {
		assert.Equal(t, (&duration.Error{Value: text}).Error(), durationError(text)(i18n.English))
	}
}
