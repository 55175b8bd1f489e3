package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/i18n"
)

// runIn starts the real program with the environment's LANG set to lang
// (a person at a terminal when interactive), and returns what it wrote.
func runIn(t *testing.T, lang string, interactive bool, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	home := t.TempDir()
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, Interactive: interactive,
		Getenv: func(k string) string {
			switch k {
			case "HOME":
				return home
			case "LANG":
				return lang
			}
			return ""
		}}
	code = m.Run(context.Background(), args)
	if err := m.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	return out.String(), errb.String(), code
}

// termSentences are the English words of every message the terminal
// front end says itself (term.* of the help catalog): each text between
// its placeholders that holds three words or more, leaving out
// the messages that read the same in Japanese (the prompt, the title).
func termSentences(t *testing.T) []string {
	t.Helper()
	read := func(name string) map[string]any {
		buf, err := os.ReadFile(filepath.Join("..", "..", "internal", "i18n", "locales", name))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := yaml.Unmarshal(buf, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	flat := func(m map[string]any) map[string]string {
		out := map[string]string{}
		var walk func(prefix string, v any)
		walk = func(prefix string, v any) {
			switch v := v.(type) {
			case map[string]any:
				for k, x := range v {
					walk(prefix+"."+k, x)
				}
			case string:
				out[strings.TrimPrefix(prefix, ".")] = v
			}
		}
		walk("", m)
		return out
	}
	en, ja := flat(read("active.en.yaml")), flat(read("active.ja.yaml"))
	placeholder := regexp.MustCompile(`\{\{[^}]*\}\}`)
	words := regexp.MustCompile(`\pL+[^\pL{}]+\pL+[^\pL{}]+\pL+`)
	var out []string
	for id, text := range en {
		if !strings.HasPrefix(id, "term.") || strings.HasSuffix(id, ".one") || ja[id] == text || ja[strings.TrimSuffix(id, ".other")+".other"] == text {
			continue
		}
		for _, part := range placeholder.Split(text, -1) {
			if part = strings.TrimSpace(part); words.MatchString(part) && part != "Stand at Mortain —" {
				out = append(out, part)
			}
		}
	}
	if len(out) < 30 {
		t.Fatalf("only %d English sentences of the terminal found", len(out))
	}
	return out
}

// A whole local game played in Japanese (--lang ja): what the terminal
// front end itself prints is Japanese, with no English sentence of its
// own: the welcome, the AI thinking, the refusals, the saved games,
// export's file, the next commands, the end of the game.
func TestLocalGameInJapanese(t *testing.T) {
	dir := t.TempDir()
	lines := []string{"help", "status", "new mode:open", "new opponent:<@123>", "new mode:ai deadline:24h",
		"seat side:us user:<@123>", "resume id:7", "new opponent:ai level:hard side:us", "games",
		"setup preset:historical", "setup done", "export out:" + filepath.Join(dir, "game.json")}
	for range 400 {
		lines = append(lines, "pass")
	}
	lines = append(lines, "games", "resume id:1", "resign confirm:yes", "stats", "resume id:2")
	db := filepath.Join(dir, "ja.db")
	stdout, stderr, code := run(t, "", "local", "--lang", "ja", "--script", writeScript(t, lines...), "--seed", "5", "--budget", "20it", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, tail(stderr))
	}
	transcript := stdout + stderr
	for _, want := range []string{
		"ローカルプレイ。ゲームは " + db + " に保存します。",
		"AI (むずかしい) との対戦を始めます。あなたは米軍です。",
		"独軍の AI (むずかしい) が考えています…",
		"× mode:open はほかのメンバーの参加を待ちます",
		"× opponent: は Discord のメンバーを指定します",
		"× deadline: はプレイヤーが出入りする Discord のゲーム用です",
		"× seat は Discord でほかのメンバーに席を渡すコマンドです",
		"× 保存したゲーム 7 はありません",
		"1. あなた — ", // stats names the terminal's player in the session's language
		"保存したゲーム、新しい順",
		"  " + filepath.Join(dir, "game.json") + " に書き出しました",
		"▶ あなたの番です",
		"  次の手: ",
		"ゲーム 1 を再開しました (ここまで 0 手)。",
		"ゲーム 2 は終了しています。結果: 独軍の勝利 (R8.3: ",
		"— 最終プレイ ",
		" ← このゲーム",
		"コマンド (help command:NAME で 1 つを説明します):",
	} {
		if !strings.Contains(transcript, want) {
			t.Errorf("the Japanese terminal does not say %q", want)
		}
	}
	for _, s := range termSentences(t) {
		if strings.Contains(transcript, s) {
			t.Errorf("the Japanese terminal says %q in English", s)
		}
	}
	if regexp.MustCompile(`(?m)^\s*(refused:|next:|written to|map:|Resum|Starting|Your saved|Type new|Game \d)`).MatchString(transcript) {
		t.Errorf("an English line of the terminal:\n%s", tail(transcript))
	}

	// The next start resumes in Japanese; at a terminal it prompts in it.
	stdout, stderr, code = runIn(t, "ja_JP.UTF-8", true, "new mode:hotseat\nsetup preset:historical\n", "local", "--db", db, "--out", filepath.Join(dir, "maps"))
	if code != 0 {
		t.Fatalf("second run: exit %d\n%s", code, stderr)
	}
	for _, want := range []string{"前回のゲームは終了しています。保存したゲームは 2 件です", "活性化のたびに、マップの画像を " + filepath.Join(dir, "maps") + " に保存します。", "mortain> ", "  マップ: " + filepath.Join(dir, "maps")} {
		if !strings.Contains(stdout+stderr, want) {
			t.Errorf("the second run does not say %q:\n%s", want, stdout+stderr)
		}
	}
	stdout, _, _ = runIn(t, "ja_JP.UTF-8", false, "", "local", "--db", db)
	if !strings.Contains(stdout, "ゲームを再開します (ここまで 1 手): 保存した 3 件のゲームのうちゲーム 3 です") {
		t.Errorf("the third run does not resume in Japanese:\n%s", stdout)
	}
	stdout, _, _ = runIn(t, "ja_JP.UTF-8", true, "", "local", "--db", filepath.Join(dir, "fresh.db"))
	if !strings.Contains(stdout, "new と入力すると AI (むずかしい) との対戦を始めます") {
		t.Errorf("a first run does not say how to start in Japanese:\n%s", stdout)
	}
}

// Under the pseudo-locale (LANG=pseudo) every line of help the terminal
// prints, and every sentence of the terminal's own, is marked as coming
// from the catalog.
func TestLocalPseudoLocale(t *testing.T) {
	stdout, stderr, code := runIn(t, "pseudo", true, "help\nhelp new\nnew mode:open\nnew mode:hotseat\nresume id:9\ngames\nsetup preset:historical\n", "local", "--db", filepath.Join(t.TempDir(), "p.db"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	unmarked := regexp.MustCompile(i18n.PseudoOpen + `[^` + i18n.PseudoOpen + i18n.PseudoClose + `]*` + i18n.PseudoClose)
	outside := stdout + stderr
	for unmarked.MatchString(outside) {
		outside = unmarked.ReplaceAllString(outside, "")
	}
	for _, s := range termSentences(t) {
		if strings.Contains(outside, s) {
			t.Errorf("the terminal says %q outside the catalog", s)
		}
	}
	help := stdout[strings.Index(stdout, i18n.PseudoOpen+"Commands"):]
	help = help[:strings.Index(help, "odds")]
	if bare := i18n.Bare(help); len(bare) > 0 {
		t.Errorf("help has lines outside the catalog:\n%s", strings.Join(bare, "\n"))
	}
	t.Logf("lines outside the catalog (other areas):\n%s", strings.Join(i18n.Bare(stdout+stderr), "\n"))
}

// help prints, in the terminal, every command's help in the language of
// the session, English and Japanese, as command.LocalHelpTextIn words it
// (without the chat markup).
func TestLocalHelpOfEveryCommandInBothLanguages(t *testing.T) {
	names := []string{"", "rules", "resume", "R6.8"}
	for _, d := range command.Definitions() {
		names = append(names, d.Name)
	}
	var script strings.Builder
	for _, n := range names {
		script.WriteString("help " + n + "\n")
	}
	for _, lang := range i18n.Langs() {
		stdout, stderr, code := run(t, script.String(), "local", "--lang", lang.String(), "--script", "-", "--db", filepath.Join(t.TempDir(), "h.db"))
		if code != 0 || stderr != "" {
			t.Fatalf("%s: exit %d\n%s", lang, code, stderr)
		}
		for _, n := range names {
			want := plain(command.LocalHelpTextIn(n, false, lang))
			if !strings.Contains(stdout, want) {
				t.Errorf("%s: help %s is not\n%s", lang, n, want)
			}
			if lang == i18n.Japanese && want == plain(command.LocalHelpTextIn(n, false, i18n.English)) {
				t.Errorf("help %s reads the same in Japanese", n)
			}
		}
	}
}

// A finished Japanese game stays Japanese in a later session: the archive
// keeps its language, and its result is worded from the catalog.
func TestAFinishedGameKeepsItsLanguage(t *testing.T) {
	db := filepath.Join(t.TempDir(), "j.db")
	first := writeScript(t, "new mode:hotseat", "setup preset:historical", "setup done", "resign confirm:yes")
	if _, stderr, code := runIn(t, "ja_JP.UTF-8", false, "", "local", "--script", first, "--db", db, "--seed", "3"); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	// The next session speaks English; the finished game's own words
	// (its map's and replay's posts) are still Japanese, the list of games
	// is the reader's.
	out, stderr, code := runIn(t, "ja_JP.UTF-8", false, "", "local", "--script", writeScript(t, "games", "status", "map", "replay", "resume id:1"), "--db", db, "--out", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	all := out + stderr
	for _, want := range []string{"投了", "ゲーム終了"} {
		if !strings.Contains(all, want) {
			t.Errorf("the finished game's words lack %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "プレイ中のゲーム") {
		t.Errorf("resume calls the finished game the one in play:\n%s", all)
	}
	for _, bad := range []string{"resigned", "Game over", "Replay", " steps"} {
		if strings.Contains(all, bad) {
			t.Errorf("English %q in a finished Japanese game:\n%s", bad, all)
		}
	}
}
