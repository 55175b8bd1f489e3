package store

import (
	"errors"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

func TestMembersSettingsAreKeptPerServerAndSurviveAReopen(t *testing.T) {
	db, path := openTemp(t, Options{})
	m, err := db.Member("g1", "u1")
	require.NoError(t, err)
	assert.Equal(t, record.Member{UserID: "u1"}, m, "a member who set nothing has the defaults")

	until := time.Date(2026, 12, 24, 0, 0, 0, 0, time.UTC)
	require.NoError(t, db.UpdateMember("g1", "u1", func(m *record.Member) error {
		m.DM, m.Remind, m.TimeZone, m.QuietFrom, m.QuietTo, m.AwayUntil = true, 6*time.Hour, "Asia/Tokyo", 22*60, 7*60, until
		return nil
	}))
	refused := errors.New("no")
	require.ErrorIs(t, db.UpdateMember("g1", "u1", func(m *record.Member) error { m.DM = false; return refused }), refused)
	require.NoError(t, db.UpdateServer("g1", func(s *record.ServerSettings) error { s.InChannel = true; return nil }))
	require.NoError(t, db.Close())

	db, err = Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	m, err = db.Member("g1", "u1")
	require.NoError(t, err)
	assert.True(t, m.DM, "a failed update writes nothing")
	assert.Equal(t, 6*time.Hour, m.Remind)
	assert.Equal(t, "Asia/Tokyo", m.TimeZone)
	assert.True(t, until.Equal(m.AwayUntil))
	other, err := db.Member("g2", "u1")
	require.NoError(t, err)
	assert.False(t, other.DM, "settings belong to the server where they were set")
	all, err := db.Members("g1")
	require.NoError(t, err)
	assert.Len(t, all, 1)
	s, err := db.Server("g1")
	require.NoError(t, err)
	assert.True(t, s.InChannel)
	s, err = db.Server("g2")
	require.NoError(t, err)
	assert.False(t, s.InChannel, "threads are the default")
}

func TestASchema2FileIsUpgradedAndKeepsItsGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mortain.db")
	db, err := Open(path, Options{})
	require.NoError(t, err)
	key := record.Key{Guild: "g", Channel: "c"}
	require.NoError(t, db.Create(newRecord(key, 3)))
	require.NoError(t, db.Close())
	// Make it a file of schema 2: no servers or members buckets.
	bdb, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, bdb.Update(func(tx *bolt.Tx) error {
		require.NoError(t, tx.DeleteBucket(bucketServers))
		require.NoError(t, tx.DeleteBucket(bucketMembers))
		return tx.Bucket(bucketMeta).Put(keySchema, []byte("2"))
	}))
	require.NoError(t, bdb.Close())

	db, err = Open(path, Options{})
	require.NoError(t, err)
	requireReplays(t, db, key)
	require.NoError(t, db.UpdateMember("g", "u", func(m *record.Member) error { m.NoPing = true; return nil }))
	require.NoError(t, db.Close())
	assert.FileExists(t, path+".schema2.bak")
	bdb, err = bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	defer bdb.Close()
	require.NoError(t, bdb.View(func(tx *bolt.Tx) error {
		assert.Equal(t, strconv.Itoa(SchemaVersion), string(tx.Bucket(bucketMeta).Get(keySchema)))
		return nil
	}))
}

func TestVerifyFindsAMemberRecordThatDoesNotDecode(t *testing.T) {
	db, path := openTemp(t, Options{})
	require.NoError(t, db.UpdateMember("g", "u", func(m *record.Member) error { return nil }))
	require.NoError(t, db.Close())
	bdb, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, bdb.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMembers).Bucket([]byte("g")).Put([]byte("u"), []byte("{"))
	}))
	require.NoError(t, bdb.Close())
	db, err = Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	problems, err := db.Verify()
	require.NoError(t, err)
	require.Len(t, problems, 1)
	assert.Contains(t, problems[0].Where, "member u of g")
}
