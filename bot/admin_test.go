package bot_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// The admin listener answers health, readiness and Prometheus metrics that
// follow what the bot does.
func TestAdminListenerServesHealthReadinessAndMetrics(t *testing.T) {
	e := newEnv(t)
	e.cfg.AdminListen = "127.0.0.1:0"
	e.start()
	base := "http://" + e.bot.Load().AdminAddr()
	if code, body := get(t, base+"/healthz"); code != 200 || strings.TrimSpace(body) != "ok" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, body := get(t, base+"/readyz"); code != 200 {
		t.Errorf("/readyz with the gateway connected: %d %q", code, body)
	}
	e.slash(alice, "new", opt("mode", "hotseat"))
	e.slash(spectator, "pass")
	_, metrics := get(t, base+"/metrics")
	for _, want := range []string{
		`mortain_interactions_total{command="new",result="ok"} 1`,
		`mortain_interactions_total{command="pass",result="refused"} 1`,
		`mortain_posts_total{state="delivered"} 1`,
		`mortain_posts_total{state="queued"} 1`,
		`mortain_running_games 1`,
		`mortain_ack_latency_seconds_count 2`,
		`mortain_build_info{`,
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}
