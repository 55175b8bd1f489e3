package command

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/mortain/mortain/internal/i18n"
)

// web is a third front end, as a web page would be: members, moments and
// places in its own syntax; it delivers posts from the outbox.
type web struct{}

var webMember = regexp.MustCompile(`^@\[(\d+)\]$`)

func (web) Member(id string) string { return "@[" + id + "]" }
func (web) MemberID(text string) (string, bool) {
	m := webMember.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	return m[1], true
}
func (web) When(t time.Time, _ i18n.Lang) string {
	return "[at " + strconv.FormatInt(t.Unix(), 10) + "]"
}
func (web) Relative(t time.Time, _ i18n.Lang) string {
	return "[in " + strconv.FormatInt(t.Unix(), 10) + "]"
}
func (web) Channel(id string) string { return "#[" + id + "]" }
func (web) Queues() bool             { return true }
func (web) Members() bool            { return true }

// A front end other than Discord's is served without a change to the
// command layer: members, deadlines and channels come out in its syntax,
// a member is named in its syntax, and no Discord markup is left.
func TestAThirdFrontEndWordsMembersTimesAndPlaces(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	st := newMemStore()
	s := New(Config{FrontEnd: web{}, Store: st, Now: func() time.Time { return now }, Seed: func() uint64 { return 5 }})
	mustRefuse(t, s, newMemStore(), ann, "new opponent:<@2>", "opponent")
	due := "[at " + strconv.FormatInt(now.Add(24*time.Hour).Unix(), 10) + "]"
	texts := []string{}
	mustDo(t, s, ann, "new opponent:@[2] deadline:24h")
	post := lastNotice(t, st, testKey).Text
	texts = append(texts, post)
	assert.Contains(t, post, "German: @[2]", "a member without a name is named by the front end")
	assert.Contains(t, post, due, "the deadline is worded by the front end")
	status := mustDo(t, s, bob, "status").Private
	texts = append(texts, status)
	assert.Contains(t, status, due)
	games := mustDo(t, s, bob, "games").Private
	texts = append(texts, games)
	assert.Contains(t, games, "#[c1]", "the game's channel is named by the front end")
	assert.Contains(t, games, "[in "+strconv.FormatInt(now.Add(24*time.Hour).Unix(), 10)+"]")
	for _, text := range texts {
		for _, markup := range []string{"<@", "<#", "<t:"} {
			assert.False(t, strings.Contains(text, markup), "Discord markup %q in %q", markup, text)
		}
	}
}
