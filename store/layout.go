package store

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/mortain/mortain/store/record"
)

// The layout of the file (schema 5; schema 4 had no seats or due index, schema 3
// kept a game's Meta as name-value settings, schema 2 had no servers or
// members, schema 1 no outbox):
//
//	meta                      "schema" -> "1", "app" -> "mortain"
//	running / "guild/channel" "record" -> record JSON, "head" -> record.Head JSON,
//	                          "due" -> its time in due
//	                          history / seq -> Step JSON (append-only)
//	archive / guild / seq     "key" -> "guild/channel", "finished" -> JSON
//	                          history / seq -> Step JSON
//	stats / guild             user id -> PlayerStats JSON
//	outbox / "guild/channel"  notices / seq -> Notice JSON, images / seq -> bytes,
//	                          "live" -> message id, strip / message id -> ""
//	servers                   guild -> ServerSettings JSON
//	members / guild           user id -> Member JSON
//	seats                     "guild/user/channel" -> "" for each member
//	                          seated in a running game (seats.go)
//	due                       time + "guild/channel" -> "": when each running
//	                          game next needs a timer check (due.go)
//
// seq keys are 8-byte big-endian numbers from NextSequence, so cursors
// walk them in order.

// SchemaVersion is the layout version this program writes. Older files are
// migrated on open; newer ones are refused.
const SchemaVersion = 5

var (
	bucketMeta    = []byte("meta")
	bucketRunning = []byte("running")
	bucketArchive = []byte("archive")
	bucketStats   = []byte("stats")
	bucketHistory = []byte("history")
	bucketServers = []byte("servers")
	bucketMembers = []byte("members")
	bucketSeats   = []byte("seats")
	bucketDue     = []byte("due")

	keySchema   = []byte("schema")
	keyApp      = []byte("app")
	keyRecord   = []byte("record")
	keyKey      = []byte("key")
	keyFinished = []byte("finished")

	appName = []byte("mortain")
)

// check refuses keys that cannot be stored unambiguously.
func checkKey(k record.Key) error {
	if k.Guild == "" || k.Channel == "" {
		return fmt.Errorf("store: key %q: guild and channel are both required", k.String())
	}
	if strings.Contains(k.Guild, "/") {
		return fmt.Errorf("store: key %q: a guild may not contain '/'", k.String())
	}
	return nil
}

// parseKey reads a key written by Key.String.
func parseKey(s string) (record.Key, error) {
	g, c, ok := strings.Cut(s, "/")
	k := record.Key{Guild: g, Channel: c}
	if !ok {
		return k, fmt.Errorf("store: game key %q has no '/'", s)
	}
	return k, checkKey(k)
}

// seqKey encodes a sequence number as an 8-byte big-endian key.
func seqKey(n uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], n)
	return b[:]
}

// seqFromKey reads a key written by seqKey.
func seqFromKey(k []byte) uint64 { return binary.BigEndian.Uint64(k) }
