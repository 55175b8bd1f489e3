package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// minFileSize is below the size of any bbolt file (four pages).
const minFileSize = 1024

// Open opens (or creates) the database at path. A database held by
// another process fails with ErrInUse after Options.LockTimeout; a file
// that is not a Mortain database, or is damaged, fails with ErrDamaged and
// is left untouched; a file of a newer schema fails with ErrTooNew. A file
// of an older schema is migrated, after a copy of it is kept beside it
// (path + ".schemaN.bak").
func Open(path string, opts Options) (*DB, error) {
	timeout := opts.LockTimeout
	if timeout <= 0 {
		timeout = DefaultLockTimeout
	}
	info, err := os.Stat(path)
	switch {
	case err == nil && info.IsDir():
		return nil, damaged(path, errors.New("it is a directory"))
	case err == nil && info.Size() == 0:
		return nil, damaged(path, errors.New("it is empty"))
	case err == nil && info.Size() < minFileSize:
		return nil, damaged(path, fmt.Errorf("it is only %d bytes long", info.Size()))
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("opening the database %s: %w", path, err)
	case err != nil && opts.ReadOnly:
		return nil, fmt.Errorf("opening the database %s: %w", path, err)
	case err != nil:
		// A database that is missing while a restore's or a backup's
		// files lie beside it is not replaced by an empty one.
		if left := leftovers(path); len(left) > 0 {
			return nil, missingError(path, left)
		}
	case err == nil:
		if err := checkMeta(path); errors.Is(err, fs.ErrPermission) {
			return nil, permissionError(path, err)
		} else if err != nil {
			return nil, damaged(path, err)
		}
	}
	// A file this Open creates has nothing to walk.
	walk, checked := !opts.DeferCheck && info != nil, false
	if walk && !opts.ReadOnly {
		if checked, err = checkBeforeWriting(path, timeout); err != nil {
			return nil, err
		}
		walk = false
	}
	bdb, err := openBolt(path, timeout, opts.ReadOnly)
	if err != nil {
		return nil, err
	}
	db := &DB{path: path, bolt: bdb, mode: opts.Commit, readOnly: opts.ReadOnly, checked: checked}
	db.games.limit = opts.CacheGames
	if db.games.limit <= 0 {
		db.games.limit = DefaultCacheGames
	}
	// Holding the lock: the temporary files of a killed backup, restore or
	// check of this file are left over.
	db.removed = cleanTemps(path)
	if err := db.prepare(walk); err != nil {
		bdb.Close()
		return nil, err
	}
	db.gc = newGroupCommitter(db)
	if opts.ReadOnly {
		return db, nil
	}
	if err := db.writeTx(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Put(keyInUse, []byte("1")) }); err != nil {
		db.gc.stop()
		bdb.Close()
		return nil, fmt.Errorf("opening the database %s: %w", path, err)
	}
	if err := db.serveBackups(); err != nil {
		db.Close()
		return nil, fmt.Errorf("opening the database %s: %w", path, err)
	}
	return db, nil
}

// checkBeforeWriting checks the file at path as Open does (every page
// when it was not closed cleanly or is small) before the writer's lock is
// taken: it is opened for reading, so that the page walk of the child
// process shares the lock and walks the file itself, not a copy (which
// would need free space for one more file, and a full disk would stop
// even reading). It reports whether every page was walked.
func checkBeforeWriting(path string, timeout time.Duration) (bool, error) {
	bdb, err := openBolt(path, timeout, true)
	if err != nil {
		return false, err
	}
	defer bdb.Close()
	db := &DB{path: path, bolt: bdb, readOnly: true}
	_, err = db.inspect(true)
	return db.checked, err
}

// Removed lists the temporary files that a killed backup, restore or
// check had left beside the database, which Open removed.
func (db *DB) Removed() []string { return db.removed }

// permissionError words a database the user may not read or write.
func permissionError(path string, err error) error {
	return fmt.Errorf("the database %s cannot be opened: permission denied (%v). Run the program as the user that owns the file, or give that user access (chmod, chown); the file was left untouched", path, err)
}

// keyInUse is set in the meta bucket while a process has the database
// open, and removed by Close: a file that still has it at Open was not
// closed (a crash, a kill). Open checks every page of such a file, and of
// any file up to checkAlwaysBelow; a larger file closed cleanly is not
// walked again, so that a start does not slow down as the file grows.
var keyInUse = []byte("in-use")

// checkAlwaysBelow is the size up to which Open checks every page of the
// file even when it was closed cleanly (docs/benchmarks.md has the time
// the check takes).
var checkAlwaysBelow int64 = 64 << 20

// openBolt opens the bbolt file, turning its errors into the store's. A
// fault while reading a damaged file becomes an error, not a crash (the
// file then stays open until the program ends: checkMeta rules out the
// damage known to cause it).
func openBolt(path string, timeout time.Duration, readOnly bool) (bdb *bolt.DB, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			bdb, err = nil, damaged(path, fmt.Errorf("reading it failed: %v", r))
		}
	}()
	bdb, err = bolt.Open(path, 0o600, &bolt.Options{Timeout: timeout, FreelistType: bolt.FreelistMapType, ReadOnly: readOnly})
	switch {
	case err == nil:
		return bdb, nil
	case errors.Is(err, berrors.ErrTimeout):
		return nil, fmt.Errorf("database %s: %w (gave up after %s); stop the other program or choose another file", path, ErrInUse, timeout)
	case errors.Is(err, fs.ErrPermission):
		return nil, permissionError(path, err)
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("opening the database %s: %w", path, err)
	}
	return nil, damaged(path, err)
}

func damaged(path string, cause error) error {
	return fmt.Errorf("database %s %w (%v); the file was left untouched. Put a backup in its place (`mortain restore BACKUP --db %s`); `mortain doctor --db %s` checks a file",
		path, record.ErrDamaged, cause, path, path)
}

// prepare checks the file (every page too when walk is set, after a crash
// or for a small file), then creates the layout of a new file or migrates
// an older one.
func (db *DB) prepare(walk bool) error {
	version, err := db.inspect(walk)
	if err != nil {
		return err
	}
	switch {
	case version > SchemaVersion:
		return fmt.Errorf("database %s: %w (schema %d; this program understands up to %d): upgrade the program; the file was left untouched",
			db.path, ErrTooNew, version, SchemaVersion)
	case db.readOnly && version < readOnlyFrom:
		return fmt.Errorf("database %s has an older layout (schema %d) or none: open it once with local play or the bot, which upgrade it; the file was left untouched", db.path, max(version, 0))
	case version == schemaNew:
		return db.writeTx(createLayout)
	case version < SchemaVersion && !db.readOnly:
		return db.migrate(version)
	}
	return nil
}

// readOnlyFrom is the oldest schema that ReadOnly opens as it is (for
// doctor, export, backup): schema 3 differs from schema 4 only in how a
// running game's Meta is written, and decodeRecord reads both; schema 4
// from schema 5 only by the seats and due indexes, which GamesOf and
// Due do without.
const readOnlyFrom = 3

// schemaNew is the version inspect reports for a file with nothing in it.
const schemaNew = -1

// inspect checks that the file is whole, walks its pages when walk is
// set and it was not closed cleanly or is small, and reads its schema
// version.
func (db *DB) inspect(walk bool) (version int, err error) {
	info, err := os.Stat(db.path)
	if err != nil {
		return 0, fmt.Errorf("opening the database %s: %w", db.path, err)
	}
	clean := false
	// Not readTx: protect words a fault for Open here.
	err = protect(db.path, func() error {
		return db.bolt.View(func(tx *bolt.Tx) error {
			if tx.Size() > info.Size() {
				return damaged(db.path, fmt.Errorf("it is truncated: %d bytes of %d", info.Size(), tx.Size()))
			}
			m := tx.Bucket(bucketMeta)
			clean = m != nil && m.Get(keyInUse) == nil && m.Get(keySchema) != nil
			if !walk {
				// The full walk comes later (CheckSnapshot); the entries of
				// the top-level buckets, one per game or guild, are read now.
				if err := tx.ForEach(func(_ []byte, b *bolt.Bucket) error {
					return b.ForEach(func(_, _ []byte) error { return nil })
				}); err != nil {
					return damaged(db.path, err)
				}
			}
			version, err = readVersion(tx)
			if err != nil {
				return damaged(db.path, err)
			}
			return nil
		})
	})
	var d *record.DamagedFileError
	if errors.As(err, &d) {
		return 0, damaged(db.path, errors.New(d.Cause))
	}
	if err != nil {
		return 0, err
	}
	if walk && (!clean || info.Size() <= checkAlwaysBelow) {
		db.checked = true
		if err := db.walkOnOpen(); err != nil {
			return 0, err
		}
	}
	return version, nil
}

// walkOnOpen walks every page of the file being opened for reading (the
// child that walks it shares the lock) and words a fault for Open.
func (db *DB) walkOnOpen() error {
	if err := walkFile(db.path); err != nil {
		return walkFault(db.path, err)
	}
	return nil
}

// readVersion reads the schema version, telling an older layout by its
// buckets.
func readVersion(tx *bolt.Tx) (int, error) {
	if m := tx.Bucket(bucketMeta); m != nil {
		if string(m.Get(keyApp)) != string(appName) {
			return 0, errors.New("its meta bucket is not Mortain's")
		}
		v, err := strconv.Atoi(string(m.Get(keySchema)))
		if err != nil || v < 1 {
			return 0, fmt.Errorf("its schema version %q is not a number", m.Get(keySchema))
		}
		if v <= SchemaVersion {
			for _, name := range layoutBuckets(v) {
				if tx.Bucket(name) == nil {
					return 0, fmt.Errorf("its %s bucket is missing", name)
				}
			}
		}
		return v, nil
	}
	var names []string
	if err := tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
		names = append(names, string(name))
		return nil
	}); err != nil {
		return 0, err
	}
	switch {
	case len(names) == 0:
		return schemaNew, nil
	case len(names) == 1 && names[0] == string(bucketGamesV0):
		return 0, nil
	}
	return 0, fmt.Errorf("it holds buckets %q and no Mortain schema version", names)
}

// layoutBuckets lists the top-level buckets of schema v (1 or later).
func layoutBuckets(v int) [][]byte {
	names := [][]byte{bucketRunning, bucketArchive, bucketStats}
	if v >= 2 {
		names = append(names, bucketOutbox)
	}
	if v >= 3 {
		names = append(names, bucketServers, bucketMembers)
	}
	if v >= 5 {
		names = append(names, bucketSeats, bucketDue)
	}
	return names
}

// createLayout creates the buckets and the meta data of the current schema.
func createLayout(tx *bolt.Tx) error {
	m, err := tx.CreateBucketIfNotExists(bucketMeta)
	if err != nil {
		return err
	}
	if err := m.Put(keyApp, appName); err != nil {
		return err
	}
	if err := m.Put(keySchema, []byte(strconv.Itoa(SchemaVersion))); err != nil {
		return err
	}
	for _, name := range layoutBuckets(SchemaVersion) {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return nil
}

// Close closes the database, once the operations in flight are done.
func (db *DB) Close() error {
	db.stopBackups.Do(func() {
		if db.backups != nil {
			db.backups.stop() // before the lock: a backup being sent holds it for reading
		}
	})
	db.closeMu.Lock()
	defer db.closeMu.Unlock()
	if db.closed {
		return nil
	}
	db.closed = true
	db.gc.stop()
	if db.readOnly {
		return db.bolt.Close()
	}
	err := db.writeTx(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Delete(keyInUse) })
	if cerr := db.bolt.Close(); err == nil {
		err = cerr
	}
	return err
}

// Path is the file of the database.
func (db *DB) Path() string { return db.path }
