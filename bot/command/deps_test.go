package command

import (
	"os/exec"
	"strings"
	"testing"
)

// TestTheCommandLayerDoesNotImportTheDatabase checks that the command layer
// reaches the game's records (store/record) without the database package,
// bbolt or Discord's library.
func TestTheCommandLayerDoesNotImportTheDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "github.com/mortain/mortain/store" || strings.HasPrefix(p, "go.etcd.io/bbolt") || strings.HasPrefix(p, "github.com/bwmarrin/discordgo") {
			t.Errorf("the command layer imports %s", p)
		}
	}
	for _, p := range []string{"github.com/mortain/mortain/store/record", "github.com/mortain/mortain/rules"} {
		if !strings.Contains(string(out), p+"\n") {
			t.Errorf("go list -deps does not list %s: the check reads nothing", p)
		}
	}
}
