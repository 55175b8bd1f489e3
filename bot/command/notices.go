package command

import (
	"errors"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store/record"
)

// noticesOf turns posts into the store's notices.
func noticesOf(posts []Post) []record.Notice {
	out := make([]record.Notice, 0, len(posts))
	for _, p := range posts {
		n := record.Notice{Text: p.Text, Mention: p.Mention, Image: p.Image, ImageName: p.ImageName, Live: p.Live}
		for _, b := range p.Buttons {
			n.Buttons = append(n.Buttons, record.Button{Label: b.Label, CustomID: b.CustomID, Style: int(b.Style)})
		}
		out = append(out, n)
	}
	return out
}

// queue adds resp's posts to the notices rec commits with (FrontEnd.Queues).
// A game that ends with resp is archived in the same commit (end); in a
// thread it also tells the channel its thread was opened from.
func (s *Service) queue(rec *record.Record, resp *Response) {
	if resp.Over {
		s.end(rec, resp, len(rec.Notices)+len(resp.Posts)-1)
	}
	if !s.cfg.FrontEnd.Queues() || len(resp.Posts) == 0 {
		return
	}
	for _, n := range s.dress(rec, noticesOf(resp.Posts)) {
		if n.Key.Channel != "" && n.Key != rec.Key {
			resp.Also = append(resp.Also, n.Key)
		}
		rec.Notices = append(rec.Notices, n)
	}
	resp.queued = true
	if resp.Over {
		if n, ok := s.parentNotice(rec, resp, endLine(s.cfg.FrontEnd, rec)); ok {
			rec.Notices = append(rec.Notices, n)
		}
	}
}

// end marks rec's game, which ended with resp, to be archived in the
// commit of its last step (record.Record.End): its result, the players'
// records and ratings, and its posts are one commit. The rating line is
// worded from what that commit stores and added to the result post, the
// notice at index last (FrontEnd.Queues), and to resp's last post.
func (s *Service) end(rec *record.Record, resp *Response, last int) {
	var text string
	if len(resp.Posts) > 0 {
		text = resp.Posts[len(resp.Posts)-1].Text
	}
	rec.End = func(f *record.Finished, notices []record.Notice) []record.Notice {
		line := s.ratingLine(rec, f)
		if line == "" || len(resp.Posts) == 0 {
			return notices
		}
		resp.Posts[len(resp.Posts)-1].Text = text + "\n" + line
		if s.cfg.FrontEnd.Queues() && last >= 0 && last < len(notices) {
			notices[last].Text += "\n" + line
		}
		return notices
	}
}

// flush queues the posts of a response that no game change carried (a
// map, a replay asked for) after the channel's earlier notices.
func (s *Service) flush(key record.Key, resp Response, lang i18n.Lang) Response {
	if !s.cfg.FrontEnd.Queues() || resp.queued || len(resp.Posts) == 0 {
		return resp
	}
	if err := s.cfg.Store.Enqueue(key, noticesOf(resp.Posts)...); err != nil {
		var dmg *record.DamagedFileError
		if errors.As(err, &dmg) || errors.Is(err, record.ErrDiskFull) {
			return s.fail(err, lang)
		}
		s.cfg.Logger.Error("queueing posts", "key", key, "err", err)
		return refusedT(lang, "reply.not-posted", nil)
	}
	resp.queued = true
	return resp
}

// Undelivered words what the channel's outbox still holds when Discord
// refused a post for good ("" when nothing failed): for status, and for
// the reply of the next command in the channel, in lang.
func (s *Service) Undelivered(key record.Key, lang i18n.Lang) string {
	if !s.cfg.FrontEnd.Queues() {
		return ""
	}
	pending, err := s.cfg.Store.Pending(key)
	if err != nil || len(pending) == 0 || pending[0].Failure == "" {
		return ""
	}
	first := pending[0]
	return i18n.T(lang, "reply.undelivered", map[string]any{"Since": first.FailedAt.UTC().Format("2006-01-02 15:04 UTC"),
		"Waiting": len(pending), "Failure": strings.TrimSuffix(first.Failure, ".")})
}

// undeliverableStore is a store that keeps the notices Discord refused
// for good (*store.DB).
type undeliverableStore interface {
	UndeliverableNotices(key record.Key) ([]record.Notice, error)
}

// setAside words the channel's posts Discord refused for good and that
// were set aside ("" when there are none), in lang: for status.
func (s *Service) setAside(key record.Key, lang i18n.Lang) string {
	us, ok := s.cfg.Store.(undeliverableStore)
	if !s.cfg.FrontEnd.Queues() || !ok {
		return ""
	}
	aside, err := us.UndeliverableNotices(key)
	if err != nil || len(aside) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(i18n.T(lang, "reply.set-aside", map[string]any{"Count": len(aside)}))
	for _, n := range aside[max(0, len(aside)-3):] {
		first, _, _ := strings.Cut(n.Text, "\n")
		b.WriteString("\n" + i18n.T(lang, "reply.set-aside-item", map[string]any{"At": n.FailedAt.UTC().Format("2006-01-02 15:04 UTC"),
			"Failure": strings.TrimSuffix(n.Failure, "."), "Text": clipText(first, 200)}))
	}
	return b.String()
}
