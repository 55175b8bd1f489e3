package render

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system CPU time so far: on a shared
// machine it measures the work done better than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchMap renders the busy position at width w in a loop and reports the
// PNG's size and the CPU time per picture.
func benchMap(b *testing.B, w int) {
	r, err := New()
	if err != nil {
		b.Fatal(err)
	}
	g := busyGame(b)
	if _, err := r.Map(&g.State, g.LastEvents(), Options{Width: w}); err != nil { // build the caches
		b.Fatal(err)
	}
	var size int
	start := cpuTime()
	n := 0
	for b.Loop() {
		png, err := r.Map(&g.State, g.LastEvents(), Options{Width: w})
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
		n++
	}
	b.ReportMetric(float64(size)/1024, "KB")
	b.ReportMetric(float64(cpuTime()-start)/float64(n)/1e6, "cpu-ms/op")
}

// BenchmarkRender is the cost of the picture posted after every
// activation: a busy mid-game position drawn at full size and encoded as
// PNG. The bar is 20 ms and 400 KB.
func BenchmarkRender(b *testing.B) { benchMap(b, 0) }

// BenchmarkRenderPreview is the same at Discord's preview width.
func BenchmarkRenderPreview(b *testing.B) { benchMap(b, 550) }

// BenchmarkReplay is the replay of a long complete random game (over 400
// steps) at the default replay width; run it with -benchtime 1x.
func BenchmarkReplay(b *testing.B) {
	r, err := New()
	if err != nil {
		b.Fatal(err)
	}
	g := randomGame(b, 7)
	var size int
	for b.Loop() {
		gif, err := r.Replay(g, Options{})
		if err != nil {
			b.Fatal(err)
		}
		size = len(gif)
	}
	b.ReportMetric(float64(size)/(1<<20), "MiB")
	b.ReportMetric(float64(len(g.History)), "steps")
}
