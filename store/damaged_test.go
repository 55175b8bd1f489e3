package store

import (
	"errors"
	"testing"

	"github.com/mortain/mortain/store/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// A running game whose record no longer decodes is set aside, whole, and
// its channel is free for a new game; the other channels do not notice.
func TestADamagedGameIsSetAsideAndFreesItsChannel(t *testing.T) {
	db, path := openTemp(t, Options{})
	bad, good := record.Key{Guild: "g", Channel: "bad"}, record.Key{Guild: "g", Channel: "good"}
	require.NoError(t, db.Create(newRecord(bad, 1)))
	require.NoError(t, db.Create(newRecord(good, 2)))
	require.NoError(t, db.Close())

	bdb, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, bdb.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketRunning).Bucket([]byte(bad.String())).Put(keyRecord, []byte(`{"key":{"guild":"g","channel":"bad"},"game":{"schema":1,`))
	}))
	require.NoError(t, bdb.Close())

	db, err = Open(path, Options{})
	require.NoError(t, err)
	defer db.Close()
	_, err = db.Get(bad)
	require.ErrorIs(t, err, record.ErrSetAside)
	_, err = db.Get(bad)
	assert.ErrorIs(t, err, record.ErrNotFound, "the channel is free once the game is set aside")
	require.NoError(t, db.Create(newRecord(bad, 3)), "a new game can start there")
	_, err = db.Get(good)
	assert.NoError(t, err)

	aside, err := db.SetAside()
	require.NoError(t, err)
	assert.Len(t, aside[bad], 1)
	require.NoError(t, db.bolt.View(func(tx *bolt.Tx) error {
		ch := tx.Bucket(bucketDamaged).Bucket([]byte(bad.String()))
		var kept *bolt.Bucket
		ch.ForEachBucket(func(k []byte) error { kept = ch.Bucket(k); return nil })
		if kept == nil || kept.Get(keyRecord) == nil || kept.Bucket(bucketHistory) == nil {
			return errors.New("the damaged record and its history are not kept")
		}
		return nil
	}))
}
