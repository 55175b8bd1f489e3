package keylock

import (
	"sync"
	"testing"
)

func TestLocksSerialiseAKeyAndForgetIdleOnes(t *testing.T) {
	var l Locks[int]
	var wg sync.WaitGroup
	var counts [4]int // one counter per key: only its key's lock guards it
	for i := 0; i < 400; i++ {
		key := i % 4
		wg.Add(1)
		go func() {
			defer wg.Done()
			unlock := l.Lock(key)
			n := counts[key]
			counts[key] = n + 1 // lost updates (and a race under -race) unless serialised
			unlock()
		}()
	}
	wg.Wait()
	for k, n := range counts {
		if n != 100 {
			t.Errorf("key %d: %d, want 100", k, n)
		}
	}
	if n := l.Len(); n != 0 {
		t.Errorf("%d idle locks kept in memory", n)
	}
}
