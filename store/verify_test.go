package store

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// An archived game whose record no longer decodes is listed by Verify,
// left out of Archive and set aside (kept whole), so that the others stay
// reachable; a read-only database only leaves it out.
func TestADamagedArchivedGameIsSetAsideAndVerifyFindsIt(t *testing.T) {
	db, path := openTemp(t, Options{})
	for i := 0; i < 3; i++ {
		key := record.Key{Guild: "g", Channel: fmt.Sprint(i)}
		require.NoError(t, db.Create(newRecord(key, uint64(i))))
		_, err := db.Finish(key)
		require.NoError(t, err)
	}
	problems, err := db.Verify()
	require.NoError(t, err)
	assert.Empty(t, problems)
	require.NoError(t, db.Close())

	bdb, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	var damaged []byte
	require.NoError(t, bdb.Update(func(tx *bolt.Tx) error {
		a := tx.Bucket(bucketArchive).Bucket([]byte("g")).Bucket(seqKey(2))
		damaged = bytes.Clone(a.Get(keyFinished))
		damaged[len(damaged)/2] = 0x02
		return a.Put(keyFinished, damaged)
	}))
	require.NoError(t, bdb.Close())

	ro, err := Open(path, Options{ReadOnly: true})
	require.NoError(t, err)
	problems, err = ro.Verify()
	require.NoError(t, err)
	require.Len(t, problems, 1)
	assert.Contains(t, problems[0].Where, "archived game g/1")
	games, err := ro.Archive("g", 0)
	require.NoError(t, err)
	assert.Len(t, games, 2)
	require.NoError(t, ro.Close())

	db, err = Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	games, err = db.Archive("g", 0)
	require.NoError(t, err)
	assert.Len(t, games, 2)
	aside, err := db.SetAside()
	require.NoError(t, err)
	require.Len(t, aside[record.Key{Guild: "g", Channel: "1"}], 1)
	raw, err := db.DamagedRecord(record.Key{Guild: "g", Channel: "1"}, aside[record.Key{Guild: "g", Channel: "1"}][0])
	require.NoError(t, err)
	assert.Equal(t, damaged, raw, "kept as it was stored")
	problems, err = db.Verify()
	require.NoError(t, err)
	assert.Empty(t, problems)
	_, err = db.History(record.Key{Guild: "g", Channel: "2"})
	assert.NoError(t, err)
}
