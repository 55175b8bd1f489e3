package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A game of the AI against itself, played to its end in Japanese in the
// terminal, reads without an empty "next" line (the AI's turns offer no
// command), without a chain of colons where a strike's card is a face
// card, and ends with the winner and the game's end in one phrase each.
func TestAIGameInJapaneseReadsToItsEnd(t *testing.T) {
	dir := t.TempDir()
	stdout, stderr, code := run(t, "", "local", "--lang", "ja", "--script", writeScript(t, "new mode:ai-vs-ai level:easy", "status"),
		"--seed", "11", "--budget", "20it", "--db", filepath.Join(dir, "ja.db"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, tail(stderr))
	}
	for _, line := range strings.Split(stdout, "\n") {
		if strings.TrimSpace(line) == "次の手:" {
			t.Errorf("an empty next line: %q", line)
		}
		if strings.Contains(line, "への航空攻撃: ") && strings.Count(line, ": ") > 1 {
			t.Errorf("a chain of colons: %q", line)
		}
	}
	for _, want := range []string{"ゲーム終了 — ", "の勝利です (", "ゲーム終了 (ターン "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the game's end lacks %q:\n%s", want, tail(stdout))
		}
	}
}
