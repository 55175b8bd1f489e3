package store

import (
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// ServerSettings are a server's own choices, set by its moderators.
type ServerSettings struct {
	// InChannel plays each game in the channel where it was started, one
	// game per channel; by default every game gets a thread of its own.
	InChannel bool `json:"in_channel,omitempty"`
	// Language is the language of the server's new games ("en", "ja"); ""
	// lets each game take its starter's.
	Language string `json:"language,omitempty"`
	// ForumTag names the tag a game's post in a forum gets (compared
	// without regard to case); "" lets a forum that requires a tag take
	// one named like the game.
	ForumTag string `json:"forum_tag,omitempty"`
	// ForumResults is the channel that also gets the result of each game
	// played in a forum post; "": the post alone (a forum takes no
	// messages itself).
	ForumResults string `json:"forum_results,omitempty"`
	// Posts is how often the server's new games post their map when new
	// does not say ("round"); "" posts after every activation.
	Posts string `json:"posts,omitempty"`
}

// Member is what one member chose on one server: how the bot tells them a
// game waits, and when they are away. The zero Member is the default.
type Member struct {
	UserID string `json:"user_id"`
	// NoPing turns off the ping in the game's thread when a game waits
	// for the member (on by default).
	NoPing bool `json:"no_ping,omitempty"`
	// DM sends a direct message when a game waits for the member.
	DM bool `json:"dm,omitempty"`
	// Remind repeats the ping this long after a game began to wait
	// (0: never).
	Remind time.Duration `json:"remind,omitempty"`
	// QuietFrom and QuietTo bound the member's quiet hours, as minutes
	// after midnight in TimeZone (an IANA name); equal: none.
	QuietFrom int    `json:"quiet_from,omitempty"`
	QuietTo   int    `json:"quiet_to,omitempty"`
	TimeZone  string `json:"time_zone,omitempty"`
	// AwayUntil is the end of the member's vacation (zero: not away).
	AwayUntil time.Time `json:"away_until,omitzero"`
}

// Server returns a server's settings (the zero value when none were set).
func (db *DB) Server(guild string) (ServerSettings, error) {
	var s ServerSettings
	if err := db.enter(); err != nil {
		return s, err
	}
	defer db.leave()
	err := db.readTx(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketServers)
		if b == nil {
			return nil
		}
		if v := b.Get([]byte(guild)); v != nil {
			if err := json.Unmarshal(v, &s); err != nil {
				return fmt.Errorf("store: the settings of server %s: %w", guild, err)
			}
		}
		return nil
	})
	return s, err
}

// SetServer stores a server's settings durably.
func (db *DB) SetServer(guild string, s ServerSettings) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	data, err := json.Marshal(s)
	if err != nil {
		return err
	}
	return db.commit(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketServers).Put([]byte(guild), data)
	})
}

// Member returns a member's settings on a server (the default, with
// UserID set, when they set none).
func (db *DB) Member(guild, user string) (Member, error) {
	m := Member{UserID: user}
	if err := db.enter(); err != nil {
		return m, err
	}
	defer db.leave()
	err := db.readTx(func(tx *bolt.Tx) error {
		got, err := readMember(tx, guild, user)
		if err == nil && got != nil {
			m = *got
		}
		return err
	})
	return m, err
}

// Members returns the settings of every member of a server who set any.
func (db *DB) Members(guild string) ([]Member, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	var out []Member
	err := db.readTx(func(tx *bolt.Tx) error {
		root := tx.Bucket(bucketMembers)
		if root == nil {
			return nil
		}
		b := root.Bucket([]byte(guild))
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			var m Member
			if err := json.Unmarshal(v, &m); err != nil {
				return fmt.Errorf("store: the settings of member %s of %s: %w", k, guild, err)
			}
			out = append(out, m)
			return nil
		})
	})
	return out, err
}

// UpdateMember changes a member's settings durably: fn gets the current
// ones (the default when none were set); if it fails nothing is written.
func (db *DB) UpdateMember(guild, user string, fn func(m *Member) error) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	return db.commit(func(tx *bolt.Tx) error {
		m, err := readMember(tx, guild, user)
		if err != nil {
			return err
		}
		if m == nil {
			m = &Member{}
		}
		m.UserID = user
		if err := fn(m); err != nil {
			return err
		}
		data, err := json.Marshal(m)
		if err != nil {
			return err
		}
		b, err := tx.Bucket(bucketMembers).CreateBucketIfNotExists([]byte(guild))
		if err != nil {
			return err
		}
		return b.Put([]byte(user), data)
	})
}

// readMember reads a member's settings; nil when none were set.
func readMember(tx *bolt.Tx, guild, user string) (*Member, error) {
	root := tx.Bucket(bucketMembers)
	if root == nil {
		return nil, nil
	}
	b := root.Bucket([]byte(guild))
	if b == nil {
		return nil, nil
	}
	v := b.Get([]byte(user))
	if v == nil {
		return nil, nil
	}
	var m Member
	if err := json.Unmarshal(v, &m); err != nil {
		return nil, fmt.Errorf("store: the settings of member %s of %s: %w", user, guild, err)
	}
	return &m, nil
}
