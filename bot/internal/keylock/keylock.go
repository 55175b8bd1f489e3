// Package keylock serialises work per key (a channel), keeping in memory
// only the locks someone holds or waits for, so that a bot serving many
// channels for months does not keep one for every channel it ever saw.
package keylock

import "sync"

// Locks is a set of mutexes by key. The zero value is ready to use.
type Locks[K comparable] struct {
	mu sync.Mutex
	m  map[K]*entry
}

type entry struct {
	mu   sync.Mutex
	refs int // holders and waiters
}

// Lock locks k and returns the function that unlocks it.
func (l *Locks[K]) Lock(k K) (unlock func()) {
	l.mu.Lock()
	if l.m == nil {
		l.m = map[K]*entry{}
	}
	e := l.m[k]
	if e == nil {
		e = &entry{}
		l.m[k] = e
	}
	e.refs++
	l.mu.Unlock()
	e.mu.Lock()
	return func() {
		e.mu.Unlock()
		l.mu.Lock()
		if e.refs--; e.refs == 0 {
			delete(l.m, k)
		}
		l.mu.Unlock()
	}
}

// Len is the number of keys held or waited for.
func (l *Locks[K]) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.m)
}
