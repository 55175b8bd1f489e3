package command

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// handle runs a command with its options as Discord gives them (each
// value as typed, not through the text form).
func handle(s *Service, c Caller, name string, opts map[string]string) Response {
	return s.Handle(context.Background(), Request{Key: testKey, Caller: c, Command: name, Options: opts})
}

// A Japanese input method in full-width mode types digits, colons and
// hyphens full-width: they were refused in options (days:１) while the
// full-width colon between name and value was read. Both read as their
// half-width selves, in the text form and in Discord's options alike.
func TestFullWidthDigitsAndSignsReadAsHalfWidth(t *testing.T) {
	s, st := newService(t, 1)
	name, opts, err := Parse("notify　quiet：２２：００－０７：００ remind：６ｈ")
	require.NoError(t, err)
	assert.Equal(t, "notify", name)
	assert.Equal(t, map[string]string{"quiet": "22:00-07:00", "remind": "6h"}, opts)

	for _, quiet := range []string{"２２:００-０７:００", "２２：００－０７：００"} {
		r := handle(s, ann, "notify", map[string]string{"quiet": quiet, "remind": "１２ｈ"})
		require.False(t, r.Refused, "quiet:%s: %s", quiet, r.Private)
		m, err := st.Member(testKey.Guild, ann.UserID)
		require.NoError(t, err)
		assert.Equal(t, [2]int{22 * 60, 7 * 60}, [2]int{m.QuietFrom, m.QuietTo}, quiet)
		assert.Equal(t, "12h0m0s", m.Remind.String())
	}
	r := handle(s, ann, "away", map[string]string{"days": "１"})
	require.False(t, r.Refused, "days:１: %s", r.Private)
	r = mustDo(t, s, bob, "away days:１４")
	assert.False(t, r.Refused)
}

// Factory, posixrules and the copies of the zone database that a
// system's zoneinfo folder holds load in Go, but are no time zone a
// person lives in: notify tz: refuses them and takes real IANA zones.
func TestOnlyRealTimeZonesAreAccepted(t *testing.T) {
	s, st := newService(t, 1)
	for _, tz := range []string{"Factory", "posixrules", "localtime", "Local", "right/Asia/Tokyo", "posix/Europe/Paris", "Nowhere/Atlantis"} {
		r := do(t, s, ann, "notify tz:"+tz)
		assert.True(t, r.Refused, "tz:%s accepted", tz)
	}
	m, err := st.Member(testKey.Guild, ann.UserID)
	require.NoError(t, err)
	assert.Empty(t, m.TimeZone)
	for _, tz := range []string{"Asia/Tokyo", "America/Argentina/Buenos_Aires", "UTC", "Etc/GMT+5", "US/Eastern"} {
		r := do(t, s, ann, "notify tz:"+tz)
		require.False(t, r.Refused, "tz:%s: %s", tz, r.Private)
		m, err := st.Member(testKey.Guild, ann.UserID)
		require.NoError(t, err)
		assert.Equal(t, tz, m.TimeZone)
	}
}
