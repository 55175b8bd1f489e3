package store

import (
	"fmt"
	"time"

	"github.com/mortain/mortain/store/record"
	bolt "go.etcd.io/bbolt"
)

// newSteps is what a commit appends to a game's log to go from the history
// old to the history new: an undo step for each step taken back (old steps
// beyond the common prefix, last first), then the new steps.
func newSteps(old, new []string, at time.Time) []record.Step {
	p := 0
	for p < len(old) && p < len(new) && old[p] == new[p] {
		p++
	}
	var out []record.Step
	for i := len(old) - 1; i >= p; i-- {
		out = append(out, record.Step{Text: old[i], At: at, Undo: true})
	}
	for _, s := range new[p:] {
		out = append(out, record.Step{Text: s, At: at})
	}
	return out
}

// appendSteps adds steps to a history bucket, numbering them with the
// bucket's sequence.
func appendSteps(b *bolt.Bucket, steps []record.Step) error {
	for _, s := range steps {
		seq, err := b.NextSequence()
		if err != nil {
			return err
		}
		s.Seq = seq
		if err := b.Put(seqKey(seq), encodeStep(s)); err != nil {
			return err
		}
	}
	return nil
}

// readSteps reads a whole history bucket.
func readSteps(b *bolt.Bucket) ([]record.Step, error) {
	var out []record.Step
	err := b.ForEach(func(k, v []byte) error {
		s, err := decodeStep(v)
		if err != nil {
			return fmt.Errorf("history step %x: %w", k, err)
		}
		out = append(out, s)
		return nil
	})
	return out, err
}
