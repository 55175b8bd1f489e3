package lab

import (
	"os/exec"
	"strings"
	"testing"
)

// TestTheLabDoesNotImportTheDatabase checks that the AI's lab reaches the
// rating policy (store/glicko2) without the database package and bbolt.
func TestTheLabDoesNotImportTheDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "github.com/mortain/mortain/store" || strings.HasPrefix(p, "go.etcd.io/bbolt") {
			t.Errorf("the lab imports %s", p)
		}
	}
}
