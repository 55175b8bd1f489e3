package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// bbolt's file format (version 2): two meta pages at the start of the
// file, each a 16-byte page header and then magic, version, page size,
// flags, root bucket (16 bytes), freelist page, high-water page id,
// transaction id and an FNV-64a checksum of what precedes it, in the
// machine's byte order. bbolt maps the file into memory and trusts the
// newest valid meta page: if its pages go beyond the end of a truncated
// file, reading them would crash the program. checkMeta finds that out
// first by reading the file.
const (
	boltMagic   = 0xED0CDAED
	boltVersion = 2
	pageHeader  = 16
	metaSize    = 64
)

type boltMeta struct {
	pageSize uint32
	pgid     uint64
	txid     uint64
}

// readMeta reads and validates the meta page at off.
func readMeta(f io.ReaderAt, off int64) (boltMeta, error) {
	var b [pageHeader + metaSize]byte
	if _, err := f.ReadAt(b[:], off); err != nil {
		return boltMeta{}, fmt.Errorf("cannot read a meta page: %w", err)
	}
	m := b[pageHeader:]
	ne := binary.NativeEndian
	if ne.Uint32(m[0:]) != boltMagic {
		return boltMeta{}, errors.New("no bbolt signature")
	}
	if v := ne.Uint32(m[4:]); v != boltVersion {
		return boltMeta{}, fmt.Errorf("bbolt format version %d", v)
	}
	h := fnv.New64a()
	h.Write(m[:56])
	if h.Sum64() != ne.Uint64(m[56:]) {
		return boltMeta{}, errors.New("meta page checksum mismatch")
	}
	return boltMeta{pageSize: ne.Uint32(m[8:]), pgid: ne.Uint64(m[40:]), txid: ne.Uint64(m[48:])}, nil
}

// checkMeta checks that the file has a valid meta page and that the pages
// the newest one refers to are all inside the file.
func checkMeta(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	m0, err0 := readMeta(f, 0)
	offsets := []int64{4096, 8192, 16384, 65536}
	if err0 == nil {
		offsets = []int64{int64(m0.pageSize)}
	}
	var m1 boltMeta
	err1 := errors.New("no second meta page")
	for _, off := range offsets {
		if m1, err1 = readMeta(f, off); err1 == nil {
			break
		}
	}
	var m boltMeta
	switch {
	case err0 != nil && err1 != nil:
		return err0
	case err0 != nil:
		m = m1
	case err1 != nil || m0.txid >= m1.txid:
		m = m0
	default:
		m = m1
	}
	if m.pageSize < 512 || m.pageSize&(m.pageSize-1) != 0 {
		return fmt.Errorf("page size %d", m.pageSize)
	}
	if need := int64(m.pgid) * int64(m.pageSize); need > info.Size() {
		return fmt.Errorf("it is truncated: %d bytes of %d", info.Size(), need)
	}
	return nil
}
