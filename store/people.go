package store

import (
	"encoding/json"
	"fmt"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// Server returns a server's settings (the zero value when none were set).
func (db *DB) Server(guild string) (record.ServerSettings, error) {
	var s record.ServerSettings
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

// UpdateServer changes a server's settings durably: fn gets the current
// ones (the zero value when none were set); if it fails nothing is
// written.
func (db *DB) UpdateServer(guild string, fn func(s *record.ServerSettings) error) error {
	if err := db.enter(); err != nil {
		return err
	}
	defer db.leave()
	return db.commit(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketServers)
		var cur record.ServerSettings
		if v := b.Get([]byte(guild)); v != nil {
			if err := json.Unmarshal(v, &cur); err != nil {
				return fmt.Errorf("store: the settings of server %s: %w", guild, err)
			}
		}
		if err := fn(&cur); err != nil {
			return err
		}
		data, err := json.Marshal(cur)
		if err != nil {
			return err
		}
		return b.Put([]byte(guild), data)
	})
}

// Member returns a member's settings on a server (the default, with
// UserID set, when they set none).
func (db *DB) Member(guild, user string) (record.Member, error) {
	m := record.Member{UserID: user}
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
func (db *DB) Members(guild string) ([]record.Member, error) {
	if err := db.enter(); err != nil {
		return nil, err
	}
	defer db.leave()
	var out []record.Member
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
			var m record.Member
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
func (db *DB) UpdateMember(guild, user string, fn func(m *record.Member) error) error {
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
			m = &record.Member{}
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
func readMember(tx *bolt.Tx, guild, user string) (*record.Member, error) {
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
	var m record.Member
	if err := json.Unmarshal(v, &m); err != nil {
		return nil, fmt.Errorf("store: the settings of member %s of %s: %w", user, guild, err)
	}
	return &m, nil
}
