package store

import (
	"strconv"
	"time"

	"github.com/mortain/mortain/internal/duration"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/store/record"
)

// metaFromSettings reads the name-value settings of a record of schema 3
// or older. A value that does not read is left out, as those versions
// took it for unset; names no version wrote are dropped.
func metaFromSettings(s map[string]string) record.Meta {
	m := record.Meta{Lang: s["lang"], Level: s["level"], Pace: s["pace"], Posts: s["posts"], Ranked: s["ranked"] == "yes",
		Unrated: s["unrated"], StartedBy: s["started-by"], Parent: s["parent"], Forum: s["forum"] != "",
		Salt: s["deal-salt"], OnTime: s["on-time"] != ""}
	m.Untold, m.Reminded, m.Warned, m.Lapsed = legacyMark(s, "untold"), legacyMark(s, "reminded"), legacyMark(s, "deadline-warned"), legacyMark(s, "deadline-lapsed")
	m.Acted, m.Pinged, m.AIPaused = legacyTime(s["acted"]), legacyTime(s["pinged-at"]), legacyTime(s["bot-paused"])
	m.Remind, m.RoundLimit, m.Deadline = legacyDuration(s["remind"]), legacyDuration(s["round-limit"]), legacyDuration(s["deadline"])
	m.Ping = record.Ping{At: legacyTime(s["ping-at"]), Who: s["ping-who"], Step: legacyMark(s, "ping-step"), Text: s["ping-text"]}
	if side, err := rules.ParseSide(s["resigned"]); err == nil {
		m.Resigned = side
	}
	for _, side := range []rules.Side{rules.US, rules.German} {
		name := side.String()
		missed, _ := strconv.Atoi(s["missed-"+name])
		used, _ := strconv.Atoi(s["vacation-used-"+name])
		*m.Side(side) = record.SideMeta{Missed: missed, PausedUntil: legacyTime(s["paused-"+name]),
			VacationUsed: time.Duration(used) * time.Second, Absent: s["absent-"+name]}
	}
	return m
}

func legacyMark(s map[string]string, name string) record.StepMark {
	n, err := strconv.Atoi(s[name])
	if err != nil {
		return record.StepMark{}
	}
	return record.MarkAt(n)
}

func legacyTime(v string) time.Time {
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return time.Time{}
	}
	return t
}

func legacyDuration(v string) time.Duration {
	d, err := duration.Parse(v)
	if err != nil {
		return 0
	}
	return d
}
