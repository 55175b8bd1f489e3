package command

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store"
)

// SettingParent is the Record.Settings entry naming the channel a game's
// thread (or forum post) was opened from: it gets one line when the game
// starts and one when it ends.
const SettingParent = "parent"

// Place is where a command was given, as the front end knows it.
type Place struct {
	// OpenThread, when set, opens a thread (in a forum, a post) for a new
	// game started in this channel and returns the thread's key; first is
	// the first message of a forum post (a thread of a text channel gets
	// its messages from the outbox). Nil: the game is played where the
	// command was given.
	OpenThread func(name, first string) (store.Key, error)
	// DropThread deletes a thread OpenThread opened for a game that could
	// then not be saved; nil: it is left.
	DropThread func(key store.Key)
	// Forum marks a forum or media channel: its games are posts, and the
	// channel itself takes no messages.
	Forum bool
}

// ThreadLimitText is the refusal when Discord's limit of active threads
// of a server is reached.
const ThreadLimitText = "Nothing was started: this server has as many active threads as Discord allows (1,000). " +
	"Finish or archive some threads, or ask a moderator to keep games in their channels (/mortain-admin server games:channel)."

// threadName names a game's thread after its players and sides, within
// Discord's 100 characters.
func threadName(seats map[rules.Side]store.Seat) string {
	name := "Mortain: " + plainName(seats[rules.US]) + " (US) vs " + plainName(seats[rules.German]) + " (German)"
	if us := seats[rules.US]; us.UserID != "" && us.UserID == seats[rules.German].UserID {
		name = "Mortain: " + plainName(us) + " plays both sides"
	}
	if utf8.RuneCountInString(name) <= 100 {
		return name
	}
	r := []rune(name)
	return string(r[:99]) + "…"
}

// plainName is a seat's name without mentions, for a thread's name.
func plainName(seat store.Seat) string {
	switch {
	case seat.AI != "":
		return "AI " + seat.AI
	case seat.UserID == "":
		return "open seat"
	case seat.Name != "":
		return strings.ReplaceAll(seat.Name, "\n", " ")
	}
	return "player " + seat.UserID
}

// parentKey is the channel a game's thread was opened from, if any.
func parentKey(rec *store.Record) (store.Key, bool) {
	p := rec.Settings[SettingParent]
	if p == "" || p == rec.Key.Channel {
		return store.Key{}, false
	}
	return store.Key{Guild: rec.Key.Guild, Channel: p}, true
}

// startLine is the line the parent channel gets when a game starts in a
// thread.
func startLine(rec *store.Record) string {
	line := fmt.Sprintf("**New game of Stand at Mortain** in <#%s> — %s.", rec.Key.Channel, seatsLine(rec.Seats))
	if open(rec.Seats[rules.US]) || open(rec.Seats[rules.German]) {
		line += " A seat is open: press **Join** to take it."
	} else {
		line += " Join the thread to follow it."
	}
	return line
}

// forumFirst is the first message of a game's forum post.
func forumFirst(rec *store.Record) string {
	line := "**New game of Stand at Mortain** — " + seatsLine(rec.Seats) + "."
	if open(rec.Seats[rules.US]) || open(rec.Seats[rules.German]) {
		line += " A seat is open: press **Join** below to take it."
	} else {
		line += " Follow the post to be told of every move."
	}
	return line
}

// joinButton is the Join button of an open challenge: it names the
// game's thread, so that it works from the parent channel.
func joinButton(rec *store.Record) Button {
	b := button(rec, "Join", "join", Success)
	b.CustomID += "/" + rec.Key.Channel
	return b
}

// endLine is the line the parent channel gets when a game in a thread
// ends.
func endLine(rec *store.Record) string {
	v := &view{game: rec.Game, seats: rec.Seats, settings: rec.Settings, finished: true}
	return fmt.Sprintf("**Game over** in <#%s> — %s: %s.", rec.Key.Channel, seatsLine(rec.Seats), resultLine(v))
}

// parentNotice is a notice for the channel a game's thread was opened
// from, added to resp.Also; ok is false for a game with no such channel.
func parentNotice(rec *store.Record, resp *Response, text string, buttons ...Button) (store.Notice, bool) {
	pk, ok := parentKey(rec)
	if !ok {
		return store.Notice{}, false
	}
	n := store.Notice{Key: pk, Text: text}
	for _, b := range buttons {
		n.Buttons = append(n.Buttons, store.Button{Label: b.Label, CustomID: b.CustomID, Style: int(b.Style)})
	}
	// A challenge's button stays until someone presses it: the post is
	// not the channel's live post (other games' lines come and go).
	n.Standalone = len(buttons) > 0
	resp.Also = append(resp.Also, pk)
	return n, true
}

// gamesFromHere words the running games whose threads were opened from
// the channel of key, for a command given in the channel itself; "" when
// there are none.
func (s *Service) gamesFromHere(key store.Key) string {
	keys, err := s.cfg.Store.Running()
	if err != nil {
		return ""
	}
	var links []string
	for _, k := range keys {
		if k.Guild != key.Guild || k == key {
			continue
		}
		rec, err := s.cfg.Store.Get(k)
		if err != nil || rec.Settings[SettingParent] != key.Channel {
			continue
		}
		links = append(links, fmt.Sprintf("<#%s> (%s)", k.Channel, seatsLine(rec.Seats)))
	}
	if len(links) == 0 {
		return ""
	}
	if len(links) > 10 {
		links = append(links[:10], fmt.Sprintf("and %d more", len(links)-10))
	}
	return "There is no game in this channel itself: the games started here are played in their own threads. " +
		"Give the command in the game's thread: " + strings.Join(links, ", ") + ". /mortain games lists yours."
}

// server shows or sets the server's settings (Manage Channels).
func (s *Service) server(req Request) (Response, error) {
	if req.Key.Guild == localGuild {
		return Response{}, refuse("server settings are for a Discord server; local play keeps every game apart already.")
	}
	cur, err := s.cfg.Store.Server(req.Key.Guild)
	if err != nil {
		return Response{}, err
	}
	games, language := strings.ToLower(req.Options["games"]), strings.ToLower(req.Options["language"])
	if games == "" && language == "" {
		return Response{Private: "This server's settings:\n- " + gamesWhere(cur) + "\n- " + serverLanguage(cur) + "\nChange them with server games:threads|channel language:en|ja|off."}, nil
	}
	switch games {
	case GamesInThreads:
		cur.InChannel = false
	case GamesInChannel:
		cur.InChannel = true
	}
	switch language {
	case "off":
		cur.Language = ""
	case "en", "ja":
		cur.Language = language
	}
	if err := s.cfg.Store.SetServer(req.Key.Guild, cur); err != nil {
		return Response{}, err
	}
	return Response{Private: "Saved.\n- " + gamesWhere(cur) + "\n- " + serverLanguage(cur) + "\nGames already running stay as they are."}, nil
}

// gamesWhere words where a server's new games are played.
func gamesWhere(s store.ServerSettings) string {
	if s.InChannel {
		return "games:channel — a game started in a channel is played in the channel itself, one at a time."
	}
	return "games:threads — every game started in a channel gets a thread of its own (in a forum, a post), so several run side by side."
}
