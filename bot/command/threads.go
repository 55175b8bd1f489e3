package command

import (
	"errors"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// Place is where a command was given, as the front end knows it.
type Place struct {
	// OpenThread, when set, opens a thread (in a forum, a post) for a new
	// game started in this channel and returns the thread's key; first is
	// the first message of a forum post (a thread of a text channel gets
	// its messages from the outbox). Nil: the game is played where the
	// command was given.
	OpenThread func(t NewThread) (record.Key, error)
	// DropThread deletes a thread OpenThread opened for a game that could
	// then not be saved, and reports whether it did; nil: it is left.
	DropThread func(key record.Key) bool
	// Forum marks a forum or media channel: its games are posts, and the
	// channel itself takes no messages.
	Forum bool
	// Thread marks a thread (a forum post included): it holds one game's
	// posts, and no result lines of other games.
	Thread bool
}

// NewThread is the thread OpenThread opens: its name, the first message
// of a forum post, and the tag the server chose for forum posts ("" for
// none).
type NewThread struct {
	Name, First, Tag string
}

// threadLeftError is a new game that could not be saved, whose thread
// the bot could not delete (it lacks Manage Threads).
type threadLeftError struct {
	err    error
	thread string
}

func (e *threadLeftError) Error() string { return e.err.Error() }
func (e *threadLeftError) Unwrap() error { return e.err }

// leftBehind adds to the refusal of a command that failed with a
// threadLeftError what it left behind: the thread, empty.
func leftBehind(fe FrontEnd, resp Response, err error, lang i18n.Lang) Response {
	var tl *threadLeftError
	if errors.As(err, &tl) {
		resp.Private = strings.TrimSpace(resp.Private + "\n" + i18n.T(lang, "thread.left", map[string]any{"Channel": fe.Channel(tl.thread)}))
	}
	return resp
}

// ThreadLimitText is the refusal, in lang, when Discord's limit of active
// threads of a server is reached.
func ThreadLimitText(lang i18n.Lang) string { return i18n.T(lang, "thread.limit", nil) }

// threadName names a game's thread in lang after its players and sides,
// within Discord's 100 characters.
func threadName(seats map[rules.Side]record.Seat, lang i18n.Lang) string {
	name := i18n.T(lang, "thread.name", map[string]any{"US": plainName(seats[rules.US], lang), "German": plainName(seats[rules.German], lang)})
	if us := seats[rules.US]; us.UserID != "" && us.UserID == seats[rules.German].UserID {
		name = i18n.T(lang, "thread.name-both", map[string]any{"Name": plainName(us, lang)})
	}
	if utf8.RuneCountInString(name) <= 100 {
		return name
	}
	r := []rune(name)
	return string(r[:99]) + "…"
}

// plainName is a seat's name in lang without mentions, for a thread's
// name.
func plainName(seat record.Seat, lang i18n.Lang) string {
	switch {
	case seat.AI != "":
		return i18n.T(lang, "thread.name-ai", map[string]any{"Level": i18n.Level(lang, seat.AI)})
	case seat.UserID == "":
		return i18n.T(lang, "thread.name-open", nil)
	case seat.Name != "":
		return strings.ReplaceAll(seat.Name, "\n", " ")
	}
	return i18n.T(lang, "thread.name-player", map[string]any{"ID": seat.UserID})
}

// reportKey is the channel told of a game's end or loss: the channel its
// thread was opened from; for a forum post, the server's ForumResults
// channel (a forum takes no messages). ok is false for none.
func (s *Service) reportKey(rec *record.Record) (record.Key, bool) {
	p := rec.Meta.Parent
	if rec.Meta.Forum {
		p = s.forumResults(rec.Key.Guild)
	}
	if p == "" || p == rec.Key.Channel {
		return record.Key{}, false
	}
	return record.Key{Guild: rec.Key.Guild, Channel: p}, true
}

// forumResults is the channel a server names for the results of its
// forum games, or "".
func (s *Service) forumResults(guild string) string {
	server, err := s.cfg.Store.Server(guild)
	if err != nil {
		s.cfg.Logger.Error("reading a server's settings", "guild", guild, "err", err)
		return ""
	}
	return server.ForumResults
}

// startLine is the line the parent channel gets when a game starts in a
// thread.
func startLine(fe FrontEnd, rec *record.Record) string {
	lang := langOf(rec.Meta)
	d := map[string]any{"Channel": fe.Channel(rec.Key.Channel), "Seats": seatsLineIn(fe, rec.Seats, lang)}
	if open(rec.Seats[rules.US]) || open(rec.Seats[rules.German]) {
		return i18n.T(lang, "thread.start-open", d)
	}
	return i18n.T(lang, "thread.start", d)
}

// forumFirst is the first message of a game's forum post: who plays,
// and where the result goes (the post; also results, when the server
// names such a channel).
func forumFirst(fe FrontEnd, rec *record.Record, results string) string {
	lang := langOf(rec.Meta)
	d := map[string]any{"Seats": seatsLineIn(fe, rec.Seats, lang)}
	first := i18n.T(lang, "thread.forum", d)
	if open(rec.Seats[rules.US]) || open(rec.Seats[rules.German]) {
		first = i18n.T(lang, "thread.forum-open", d)
	}
	where := i18n.T(lang, "thread.forum-result", nil)
	if results != "" {
		where = i18n.T(lang, "thread.forum-result-channel", map[string]any{"Channel": fe.Channel(results)})
	}
	return i18n.Sentences(lang, first, where)
}

// joinButton is the Join button of an open challenge: it names the
// game's thread, so that it works from the parent channel.
func joinButton(rec *record.Record) Button {
	b := button(rec, i18n.T(langOf(rec.Meta), "thread.join", nil), "join", Success)
	b.CustomID += "/" + rec.Key.Channel
	return b
}

// endLine is the line the parent channel gets when a game in a thread
// ends.
func endLine(fe FrontEnd, rec *record.Record) string {
	v := &view{game: rec.Game, seats: rec.Seats, meta: rec.Meta, finished: true, outcome: rec.Outcome()}
	lang := langOf(rec.Meta)
	return i18n.T(lang, "thread.end", map[string]any{"Channel": fe.Channel(rec.Key.Channel), "Seats": seatsLineIn(fe, rec.Seats, lang), "Result": resultLineIn(v, lang)})
}

// parentNotice is a notice for the channel a game's thread was opened
// from (reportKey), added to resp.Also; ok is false for a game with no
// such channel.
func (s *Service) parentNotice(rec *record.Record, resp *Response, text string, buttons ...Button) (record.Notice, bool) {
	pk, ok := s.reportKey(rec)
	if !ok {
		return record.Notice{}, false
	}
	n := record.Notice{Key: pk, Text: text}
	for _, b := range buttons {
		n.Buttons = append(n.Buttons, record.Button{Label: b.Label, CustomID: b.CustomID, Style: int(b.Style)})
	}
	// A challenge's button stays until someone presses it: the post is
	// not the channel's live post (other games' lines come and go).
	n.Standalone = len(buttons) > 0
	resp.Also = append(resp.Also, pk)
	return n, true
}

// gamesFromHereIn is gamesFromHere in lang.
func (s *Service) gamesFromHereIn(key record.Key, lang i18n.Lang) string {
	heads, err := s.cfg.Store.HeadsOf(key.Guild)
	if err != nil {
		return ""
	}
	sort.Slice(heads, func(i, j int) bool { return heads[i].Key.Channel < heads[j].Key.Channel })
	var links []string
	for _, h := range heads {
		if h.Key == key || h.Parent != key.Channel {
			continue
		}
		links = append(links, i18n.T(lang, "thread.link", map[string]any{"Channel": s.cfg.FrontEnd.Channel(h.Key.Channel), "Seats": seatsLineIn(s.cfg.FrontEnd, h.Seats, lang)}))
	}
	if len(links) == 0 {
		return ""
	}
	if len(links) > 10 {
		links = append(links[:10], i18n.Plural(lang, "thread.more", len(links)-10, nil))
	}
	return i18n.T(lang, "thread.here", map[string]any{"Links": i18n.List(lang, links)})
}

// server shows or sets the server's settings (Manage Channels).
func (s *Service) server(req Request) (Response, error) {
	if !s.cfg.FrontEnd.Members() {
		return Response{}, refuseT("server.local", nil)
	}
	cur, err := s.cfg.Store.Server(req.Key.Guild)
	if err != nil {
		return Response{}, err
	}
	games, language, posts := strings.ToLower(req.Options["games"]), strings.ToLower(req.Options["language"]), strings.ToLower(req.Options[SettingPosts])
	if games == "" && language == "" && posts == "" && req.Options["forum-tag"] == "" && req.Options["forum-results"] == "" {
		return Response{Private: serverText(s.cfg.FrontEnd, req.Lang, "server.head", cur, "server.change")}, nil
	}
	err = s.cfg.Store.UpdateServer(req.Key.Guild, func(now *record.ServerSettings) error {
		err := changeServer(now, req, games, language, posts)
		cur = *now
		return err
	})
	if err != nil {
		return Response{}, err
	}
	return Response{Private: serverText(s.cfg.FrontEnd, req.Lang, "server.saved", cur, "server.running")}, nil
}

// changeServer sets in cur what the options of /mortain-admin server ask.
func changeServer(cur *record.ServerSettings, req Request, games, language, posts string) error {
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
	switch posts {
	case PostsRound:
		cur.Posts = PostsRound
	case PostsActivation:
		cur.Posts = "" // the default
	}
	return setForum(cur, req)
}

// maxTagName is the longest name Discord gives a forum tag.
const maxTagName = 20

// setForum applies the forum options of server: forum-tag:NAME|off, the
// tag of a game's forum post; forum-results:here|off, the channel where
// the command is given also gets the results of forum games.
func setForum(cur *record.ServerSettings, req Request) error {
	tag := strings.TrimSpace(req.Options["forum-tag"])
	switch {
	case strings.EqualFold(tag, "off"):
		cur.ForumTag = ""
	case utf8.RuneCountInString(tag) > maxTagName:
		return refuseT("server.tag-bad", map[string]any{"Value": echo(tag), "Max": maxTagName})
	case tag != "":
		cur.ForumTag = tag
	}
	switch strings.ToLower(req.Options["forum-results"]) {
	case "off":
		cur.ForumResults = ""
	case "here":
		if req.Place.Thread || req.Place.Forum {
			return refuseT("server.results-thread", nil)
		}
		cur.ForumResults = req.Key.Channel
	}
	return nil
}

// serverText words a server's settings in lang, between the messages head
// and foot.
func serverText(fe FrontEnd, lang i18n.Lang, head string, s record.ServerSettings, foot string) string {
	return strings.Join([]string{i18n.T(lang, head, nil), "- " + gamesWhere(s, lang), "- " + serverLanguage(s, lang),
		"- " + forumTagText(s, lang), "- " + forumResultsText(fe, s, lang), "- " + serverPosts(s, lang), i18n.T(lang, foot, nil)}, "\n")
}

// forumTagText words a server's forum-tag setting in lang.
func forumTagText(s record.ServerSettings, lang i18n.Lang) string {
	if s.ForumTag == "" {
		return i18n.T(lang, "server.tag-unset", nil)
	}
	return i18n.T(lang, "server.tag-set", map[string]any{"Tag": s.ForumTag})
}

// forumResultsText words a server's forum-results setting in lang.
func forumResultsText(fe FrontEnd, s record.ServerSettings, lang i18n.Lang) string {
	if s.ForumResults == "" {
		return i18n.T(lang, "server.results-unset", nil)
	}
	return i18n.T(lang, "server.results-set", map[string]any{"Channel": fe.Channel(s.ForumResults)})

}

// serverPosts words how often a server's new games post their map.
func serverPosts(s record.ServerSettings, lang i18n.Lang) string {
	if s.Posts == PostsRound {
		return i18n.T(lang, "server.posts-round", nil)
	}
	return i18n.T(lang, "server.posts-activation", nil)
}

// gamesWhere words where a server's new games are played.
func gamesWhere(s record.ServerSettings, lang i18n.Lang) string {
	if s.InChannel {
		return i18n.T(lang, "server.in-channel", nil)
	}
	return i18n.T(lang, "server.in-threads", nil)
}
