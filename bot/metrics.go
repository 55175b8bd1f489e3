package bot

import (
	"net/http"
	"runtime"
	"strconv"
	"time"

	"github.com/mortain/mortain/store"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the bot's Prometheus metrics (served on the admin
// listener's /metrics). Its methods are safe for concurrent use; a nil
// *metrics records nothing.
type metrics struct {
	reg             *prometheus.Registry
	interactions    *prometheus.CounterVec
	ack, answer     prometheus.Histogram
	posts           *prometheus.CounterVec
	rateLimited     prometheus.Counter
	invalidRequests *prometheus.CounterVec
	aiDecision      prometheus.Histogram
	dbChecked       prometheus.Gauge
	dbDamaged       prometheus.GaugeFunc
	threads         prometheus.Counter
}

// latencyBuckets span a fast acknowledgement to Discord's 3 s and beyond.
var latencyBuckets = []float64{.005, .01, .025, .05, .1, .2, .3, .5, 1, 2, 3, 5, 10, 30}

// newMetrics registers the bot's metrics; running counts the running
// games and damaged tells whether the database has a damaged page, when
// scraped; version is the program's.
// shardGauges read the shard's database for the metrics: the running
// games, the games whose timer check is due, the records decoded and
// copied out of the cache, and the outbox (by the clock now).
type shardGauges struct {
	running, due func() (int, error)
	reads        func() (decoded, copied uint64)
	outbox       func() (store.OutboxState, error)
	now          func() time.Time
}

func newMetrics(g shardGauges, damaged func() bool, version string) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mortain_interactions_total", Help: "Interactions answered, by subcommand (or button verb) and result.",
		}, []string{"command", "result"}),
		ack: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "mortain_ack_latency_seconds", Help: "From receiving an interaction to acknowledging it (Discord wants 3 s).", Buckets: latencyBuckets,
		}),
		answer: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "mortain_answer_latency_seconds", Help: "From receiving an interaction to its final answer (posts delivered or refused).", Buckets: latencyBuckets,
		}),
		posts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mortain_posts_total", Help: "Channel posts (notices): queued for delivery, delivered, or refused by Discord for good.",
		}, []string{"state"}),
		rateLimited: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "mortain_discord_rate_limited_total", Help: "Requests Discord answered with 429 (waited out and retried).",
		}),
		invalidRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "mortain_discord_invalid_requests_total", Help: "Answers Discord counts as invalid requests (401, 403, 429; 10,000 in 10 minutes ban the IP), by status.",
		}, []string{"status"}),
		aiDecision: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "mortain_ai_decision_seconds", Help: "Time the AI took to decide and commit one activation.", Buckets: latencyBuckets,
		}),
		threads: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "mortain_threads_opened_total", Help: "Threads and forum posts the bot opened for new games.",
		}),
		dbChecked: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "mortain_database_checked", Help: "1 once the walk of every page of the database, in the background after start, has ended.",
		}),
		dbDamaged: prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "mortain_database_damaged", Help: "1 if the walk of every page, or a command, found a damaged page (run mortain doctor).",
		}, func() float64 {
			if damaged() {
				return 1
			}
			return 0
		}),
	}
	build := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "mortain_build_info", Help: "The program's version and Go version (always 1).",
		ConstLabels: prometheus.Labels{"version": version, "goversion": runtime.Version()},
	})
	build.Set(1)
	count := func(f func() (int, error)) func() float64 {
		return func() float64 {
			n, err := f()
			if err != nil {
				return -1
			}
			return float64(n)
		}
	}
	games := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "mortain_running_games", Help: "Games running in the database.",
	}, count(g.running))
	due := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "mortain_games_due", Help: "Running games whose timer check is due now (the next check reads these alone).",
	}, count(g.due))
	decoded := prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "mortain_records_decoded_total", Help: "Running games' records decoded from the database file (not found in the cache).",
	}, func() float64 { d, _ := g.reads(); return float64(d) })
	copied := prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "mortain_records_read_total", Help: "Running games' records read (copied out of the cache, or decoded first).",
	}, func() float64 { _, c := g.reads(); return float64(c) })
	outbox := func(f func(store.OutboxState) float64) func() float64 {
		return func() float64 {
			st, err := g.outbox()
			if err != nil {
				return -1
			}
			return f(st)
		}
	}
	queued := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "mortain_outbox_notices", Help: "Notices queued for the channels and not yet delivered.",
	}, outbox(func(st store.OutboxState) float64 { return float64(st.Notices) }))
	waiting := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "mortain_outbox_channels", Help: "Channels with notices waiting to be delivered.",
	}, outbox(func(st store.OutboxState) float64 { return float64(st.Channels) }))
	oldest := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "mortain_outbox_oldest_seconds", Help: "Age of the oldest notice not yet delivered (0 when none waits).",
	}, outbox(func(st store.OutboxState) float64 {
		if st.Oldest.IsZero() {
			return 0
		}
		return max(0, g.now().Sub(st.Oldest).Seconds())
	}))
	m.reg.MustRegister(m.interactions, m.ack, m.answer, m.posts, m.rateLimited, m.invalidRequests, m.aiDecision, m.threads, m.dbChecked, m.dbDamaged, build, games,
		due, decoded, copied, queued, waiting, oldest,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// handler serves the metrics in Prometheus' text format.
func (m *metrics) handler() http.Handler { return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}) }

func (m *metrics) interaction(command, result string) {
	if m != nil {
		m.interactions.WithLabelValues(command, result).Inc()
	}
}

func (m *metrics) acked(d time.Duration) {
	if m != nil {
		m.ack.Observe(d.Seconds())
	}
}

func (m *metrics) answered(d time.Duration) {
	if m != nil {
		m.answer.Observe(d.Seconds())
	}
}

func (m *metrics) post(state string) {
	if m != nil {
		m.posts.WithLabelValues(state).Inc()
	}
}

// invalid counts an answer Discord tallies against the bot's invalid
// requests (401, 403, 429: 10,000 in 10 minutes ban the IP).
func (m *metrics) invalid(status int) {
	if m != nil {
		m.invalidRequests.WithLabelValues(strconv.Itoa(status)).Inc()
	}
}

func (m *metrics) limited() {
	if m != nil {
		m.rateLimited.Inc()
	}
}

func (m *metrics) decided(d time.Duration) {
	if m != nil {
		m.aiDecision.Observe(d.Seconds())
	}
}

// checked records the end of the background walk (mortain_database_damaged
// reads its result itself).
func (m *metrics) checked() {
	if m != nil {
		m.dbChecked.Set(1)
	}
}

func (m *metrics) threadOpened() {
	if m != nil {
		m.threads.Inc()
	}
}
