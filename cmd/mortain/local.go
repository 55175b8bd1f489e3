package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/render"
	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/store"
	"github.com/mortain/mortain/store/record"
)

// localKey is the key of local game 1 in the database (the one local
// play used before it kept several games).
var localKey = command.LocalKey(1)

// localCaller is the person at the terminal: both seats in hotseat, and the
// moderator of their own games.
var localCaller = command.Caller{UserID: command.LocalPlayer, Name: "you", CanManage: true}

// localPlay is one session of local play.
type localPlay struct {
	m           *Main
	lang        i18n.Lang // the language of new games (--lang, LC_ALL, LANG)
	svc         *command.Service
	narr        io.Writer // narration: stdout, or stderr with --json
	in          lineSource
	debug       bool // the debug commands are on
	interactive bool
	strict      bool
	outDir      string
	replayDir   string // where a replay goes without --out
	nextImage   int
	// key is the game being played: the saved game most recently played
	// at start, then the one new or resume switches to.
	key record.Key
	// hadGame is set once the database holds a game (running or
	// finished); before that, a game command starts one against the AI.
	hadGame bool
	// exportTo is where the running export command writes its record.
	exportTo string
	// confirm is the command a question just asked to confirm (resign,
	// abort), with confirm:yes: what yes runs as the next line.
	confirm string
}

// localUsage is the help of mortain local in lang.
func localUsage(lang i18n.Lang) string { return i18n.T(lang, "term.usage", nil) + "\n" }

// argsLang is the language args ask for with --lang, else the
// environment's: the language of the help and errors printed before the
// flags are read.
func (m *Main) argsLang(args []string) i18n.Lang {
	for i, a := range args {
		a = strings.TrimLeft(a, "-")
		switch {
		case strings.HasPrefix(a, "lang="):
			return i18n.Parse(strings.TrimPrefix(a, "lang="))
		case a == "lang" && i+1 < len(args):
			return i18n.Parse(args[i+1])
		}
	}
	lang, _ := m.localLang("")
	return lang
}

// runLocal plays in the terminal: mortain local [flags].
func (m *Main) runLocal(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("local", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	script := fs.String("script", "", "commands from FILE, one per line, # comments (- for stdin)")
	seed := fs.Uint64("seed", 0, "the seed of new games")
	jsonOut := fs.Bool("json", false, "print the final state as JSON on stdout, nothing else there")
	strict := fs.Bool("strict", false, "exit 1 at the first refused command")
	debug := fs.Bool("debug", false, "enable the debug commands")
	dbPath := fs.String("db", filepath.Join(m.dataDir(), "local.db"), "the database of local games")
	out := fs.String("out", "", "write the map PNG after every activation to DIR")
	_ = fs.String("config", "", "the configuration file (for the Discord token)")
	scenarioPath := fs.String("scenario", "", "play new games on the scenario FILE (same format as the built-in rules/scenarios/mortain.json)")
	budgetText := fs.String("budget", "", "the hard AI's thinking per decision: a time (500ms) or iterations (2000it)")
	replay := fs.String("replay", "", "replay a game record made by export, step by step")
	langFlag := fs.String("lang", "", "the language of local play: en or ja (default: LC_ALL, LANG)")
	if err := m.parseFlags(fs, args, "local", localUsage(m.argsLang(args))); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(m.Stderr, "mortain local: unexpected %q (commands go in --script or at the prompt)\n", fs.Arg(0))
		return exitStatus(2)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	scenario, err := loadScenario(*scenarioPath)
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain:", err)
		return exitStatus(2)
	}
	var budget ai.Budget
	lang, err := m.localLang(*langFlag)
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain local:", err)
		return exitStatus(2)
	}
	if *replay != "" {
		dir := *out
		if dir == "" && m.Interactive {
			dir = filepath.Join(m.dataDir(), "maps")
		}
		return status(m.replayRecord(*replay, dir, newScriptLines(m.Stdin), m.Interactive && *script == "", lang))
	}
	if *budgetText != "" {
		if budget, err = parseBudget(*budgetText); err != nil {
			fmt.Fprintln(m.Stderr, "mortain:", err)
			return exitStatus(2)
		}
	}

	lp := &localPlay{m: m, narr: m.Stdout, strict: *strict, key: localKey, lang: lang}
	if *jsonOut {
		lp.narr = m.Stderr
	}
	var in io.Reader = m.Stdin
	if *script != "" && *script != "-" {
		f, err := os.Open(*script)
		if err != nil {
			fmt.Fprintln(m.Stderr, "mortain: script:", err)
			return exitStatus(2)
		}
		defer f.Close()
		in = f
	}
	lp.interactive = m.Interactive && *script == ""
	lp.debug = *debug
	lp.in = newScriptLines(in)

	switch {
	case set["out"]:
		lp.outDir = *out
	case lp.interactive:
		lp.outDir = filepath.Join(m.dataDir(), "maps")
	}
	var renderFn, compactFn command.RenderFunc
	var replayFn command.ReplayFunc
	r, rerr := render.New()
	if rerr == nil {
		replayFn = func(g *rules.Game, lang i18n.Lang) ([]byte, error) { return r.Replay(g, render.Options{Lang: lang}) }
	}
	if lp.outDir != "" {
		if err := os.MkdirAll(lp.outDir, 0o755); err != nil {
			fmt.Fprintln(m.Stderr, "mortain: maps folder:", err)
			return exitStatus(1)
		}
		if rerr != nil {
			fmt.Fprintln(m.Stderr, i18n.T(lang, "term.err.no-maps", map[string]any{"Err": rerr}))
		} else {
			renderFn = func(s *rules.State, evs []rules.Event, lang i18n.Lang) ([]byte, error) {
				return r.Map(s, evs, render.Options{Lang: lang})
			}
			compactFn = func(s *rules.State, evs []rules.Event, lang i18n.Lang) ([]byte, error) {
				return r.Map(s, evs, render.Options{Width: render.PreviewWidth, Lang: lang})
			}
		}
		lp.nextImage = nextImageNumber(lp.outDir)
	} else {
		// Only an asked-for replay brings an image: it goes with the maps.
		lp.replayDir = filepath.Join(m.dataDir(), "maps")
	}

	if err := os.MkdirAll(filepath.Dir(*dbPath), 0o755); err != nil {
		fmt.Fprintln(m.Stderr, "mortain: database folder:", err)
		return exitStatus(1)
	}
	db, err := store.Open(*dbPath, store.Options{})
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain:", err)
		return exitStatus(1)
	}
	m.db = db
	for _, name := range db.Removed() {
		fmt.Fprintln(lp.narr, lp.t("term.removed", map[string]any{"Name": name}))
	}
	if _, err := db.ArchiveEnded(); err != nil {
		fmt.Fprintln(m.Stderr, lp.t("term.err.archive-ended", map[string]any{"Err": err}))
	}
	// Seeds come from the cryptographic generator (command.Config's
	// default), unless --seed gives one for a replay or a test.
	var seedFn func() uint64
	if set["seed"] {
		seedFn = func() uint64 { return *seed }
	}
	aiFn := func(level string, seed uint64) (ai.Player, error) { return ai.NewWithBudget(level, seed, budget) }
	lp.svc = command.New(command.Config{Store: db, AI: aiFn, Render: renderFn, RenderCompact: compactFn, Replay: replayFn, Seed: seedFn, SeedGiven: set["seed"], Scenario: scenario, Debug: *debug, FrontEnd: terminal{}})

	code := lp.run(ctx, *dbPath)
	if *jsonOut {
		g, finished, err := lp.svc.Game(lp.key)
		if err != nil {
			fmt.Fprintln(m.Stderr, "mortain: no game to print:", err)
			return exitStatus(1)
		}
		b, err := command.ViewJSON(g, finished)
		if err != nil {
			fmt.Fprintln(m.Stderr, "mortain:", err)
			return exitStatus(1)
		}
		fmt.Fprintf(m.Stdout, "%s\n", b)
	}
	return status(code)
}

// run greets, resumes the stored game and reads commands to the end.
func (lp *localPlay) run(ctx context.Context, dbPath string) int {
	fmt.Fprintln(lp.narr, lp.t("term.welcome", map[string]any{"Path": dbPath}))
	if lp.outDir != "" {
		fmt.Fprintln(lp.narr, lp.t("term.maps", map[string]any{"Dir": lp.outDir}))
	}
	before := setAsideCount(lp.m.db)
	games, err := lp.svc.LocalGamesIn(lp.lang)
	if err != nil {
		fmt.Fprintln(lp.m.Stderr, lp.t("term.err.saved-games", map[string]any{"Err": err}))
		return 1
	}
	saved, finishedAside := 0, setAsideCount(lp.m.db)-before
	for _, g := range games {
		if g.SetAside {
			fmt.Fprintln(lp.narr, lp.t("term.set-aside", map[string]any{"ID": g.ID}))
			finishedAside--
			continue
		}
		saved++
	}
	if finishedAside > 0 {
		fmt.Fprintln(lp.narr, i18n.Plural(lp.lang, "term.finished-set-aside", finishedAside, nil))
	}
	lp.key = pickGame(games)
	g, finished, err := lp.svc.Game(lp.key)
	lp.hadGame = err == nil
	if err == nil && !finished {
		id, _ := command.LocalID(lp.key)
		steps := command.StepsText(lp.lang, len(g.History))
		last := lastPlayed(games)
		switch {
		case last.Finished && last.Key != lp.key:
			// The game played last ended: say so, and which game goes on.
			fmt.Fprintln(lp.narr, lp.t("term.resuming-after-end", map[string]any{"Last": last.ID, "Result": last.Result, "ID": id, "Steps": steps}))
		case saved > 1:
			fmt.Fprintln(lp.narr, lp.t("term.resuming-of", map[string]any{"Steps": steps, "ID": id, "Saved": saved}))
		default:
			fmt.Fprintln(lp.narr, lp.t("term.resuming", map[string]any{"Steps": steps}))
		}
		lp.show(lp.svc.Handle(ctx, command.Request{Key: lp.key, Caller: localCaller, Command: "status", Lang: lp.lang}))
		if code := lp.runAI(ctx); code != 0 {
			return code
		}
	} else if lp.interactive && saved > 0 {
		fmt.Fprintln(lp.narr, i18n.Plural(lp.lang, "term.last-over", saved, nil))
	} else if lp.interactive {
		fmt.Fprintln(lp.narr, lp.t("term.type-new", map[string]any{"Level": i18n.Level(lp.lang, command.StrongestLevel())}))
	}
	if lp.interactive && lp.m.Stdin == os.Stdin {
		// A person at the terminal: line editing, history, Tab completion.
		if t, err := newTerminalLines(lp.m, lp.t("term.prompt", nil), &completer{ctx: ctx, svc: lp.svc, debug: lp.debug, key: func() record.Key { return lp.key }}); err == nil {
			lp.in = t
		}
	}
	defer lp.in.Close()
	_, edited := lp.in.(*terminalLines)
	for {
		if lp.interactive && !edited {
			fmt.Fprint(lp.m.Stdout, lp.t("term.prompt", nil))
		}
		if err := ctx.Err(); err != nil {
			return 1
		}
		text, err := lp.in.ReadLine()
		switch {
		case errors.Is(err, errLineTooLong):
			if code := lp.refused(lp.t("term.line-too-long", nil)); code != 0 {
				return code
			}
			continue
		case errors.Is(err, io.EOF):
			return 0
		case err != nil:
			fmt.Fprintln(lp.m.Stderr, lp.t("term.err.reading", map[string]any{"Err": err}))
			return 1
		}
		line := strings.TrimSpace(text)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !lp.interactive {
			fmt.Fprintf(lp.narr, "> %s\n", clipLine(line))
		}
		if line == "quit" || line == "q" {
			return 0
		}
		if code := lp.command(ctx, line); code != 0 {
			return code
		}
	}
}

// setAsideCount counts the games the database keeps set aside as damaged.
func setAsideCount(db *store.DB) int {
	aside, _ := db.SetAside()
	n := 0
	for _, at := range aside {
		n += len(at)
	}
	return n
}

// command runs one line; it returns non-zero to stop (--strict). yes
// answers the question the line before asked (it runs the command asked
// about with confirm:yes), no leaves it.
func (lp *localPlay) command(ctx context.Context, line string) int {
	asked := lp.confirm
	lp.confirm = ""
	switch answer(line) {
	case "yes":
		if asked == "" {
			return lp.refused(lp.t("term.refuse.no-question", nil))
		}
		line = asked
	case "no":
		if asked != "" {
			fmt.Fprintln(lp.narr, lp.t("term.not-done", nil))
			return 0
		}
	}
	name, opts, err := command.Parse(line)
	if err != nil {
		return lp.refused(command.ErrorText(err, lp.lang))
	}
	if command.NamesAMember(name, opts) {
		if name == "seat" {
			return lp.refused(lp.t("term.refuse.seat", nil))
		}
		return lp.refused(lp.t("term.refuse.opponent", nil))
	}
	if name == "new" {
		// In the terminal nobody else can take a seat: a game names its
		// mode, against the AI unless told otherwise.
		mode := strings.ToLower(strings.TrimSpace(opts["mode"] + opts["opponent"]))
		switch mode {
		case "":
			opts["mode"] = command.ModeAI
		case command.ModeOpen:
			return lp.refused(lp.t("term.refuse.open", nil))
		}
		for _, o := range []string{command.SettingRemind, command.SettingRoundLimit, command.SettingDeadline} {
			if opts[o] != "" {
				return lp.refused(lp.t("term.refuse.discord-only", map[string]any{"Option": o}))
			}
		}
	}
	if !lp.hadGame && startsAGame(name) {
		fmt.Fprintln(lp.narr, lp.t("term.starting", map[string]any{"Level": i18n.Level(lp.lang, command.StrongestLevel())}))
		resp := lp.svc.Handle(ctx, command.Request{Key: lp.key, Caller: localCaller, Command: "new", Options: map[string]string{"mode": command.ModeAI}, Lang: lp.lang})
		lp.hadGame = !resp.Refused
		if code := lp.respond(ctx, resp); code != 0 {
			return code
		}
	}
	lp.exportTo = ""
	if name == "export" {
		lp.exportTo = opts["out"]
		if lp.exportTo == "" {
			id, _ := command.LocalID(lp.key)
			lp.exportTo = fmt.Sprintf("mortain-game-%d.json", id)
			if _, err := os.Stat(lp.exportTo); err == nil {
				return lp.refused(lp.t("term.refuse.export-exists", map[string]any{"File": lp.exportTo}))
			}
		}
		delete(opts, "out")
	}
	resp := lp.svc.Handle(ctx, command.Request{Key: lp.key, Caller: localCaller, Command: name, Options: opts, Lang: lp.lang})
	lp.hadGame = lp.hadGame || (name == "new" && !resp.Refused)
	if resp.Refused && len(resp.Offer) > 0 { // a question: yes goes ahead
		lp.confirm = line + " confirm:yes"
		resp.Private += "\n" + lp.t("term.type-yes", nil)
	}
	return lp.respond(ctx, resp)
}

// answer reads a line as the answer to a question: "yes" or "no" (in
// either language), or "" for any other line.
func answer(line string) string {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "yes", "y", "はい":
		return "yes"
	case "no", "n", "いいえ":
		return "no"
	}
	return ""
}

// lastPlayed is the saved game played last (the list is the latest
// first), leaving out the games set aside; the zero LocalGame if none.
func lastPlayed(games []command.LocalGame) command.LocalGame {
	for _, g := range games {
		if !g.SetAside {
			return g
		}
	}
	return command.LocalGame{}
}

// pickGame chooses the game to resume at start: the running game played
// last, else the game finished last, else game 1 (none yet).
func pickGame(games []command.LocalGame) record.Key {
	for _, g := range games {
		if !g.SetAside && !g.Finished {
			return g.Key
		}
	}
	for _, g := range games {
		if !g.SetAside {
			return g.Key
		}
	}
	return localKey
}

// respond shows a response, then lets the AI play while it holds the side
// to act.
func (lp *localPlay) respond(ctx context.Context, resp command.Response) int {
	lp.show(resp)
	if resp.Refused {
		return lp.refusedShown()
	}
	if resp.Game != (record.Key{}) {
		lp.key = resp.Game // new or resume: the next commands go there
	}
	if resp.AINext {
		return lp.runAI(ctx)
	}
	return 0
}

// runAI plays the AI's steps one at a time, each with its post; in a game
// the AI plays for both sides it pauses where the pace says (at a
// terminal: until Enter).
func (lp *localPlay) runAI(ctx context.Context) int {
	for {
		lp.thinking()
		r, more, err := lp.svc.AIStep(ctx, lp.key)
		if err != nil {
			fmt.Fprintln(lp.m.Stderr, lp.t("term.err.ai", map[string]any{"Err": err}))
			return 1
		}
		lp.show(r)
		if !more {
			return 0
		}
		if r.Pause && lp.interactive {
			fmt.Fprint(lp.m.Stdout, lp.t("term.pause", nil))
			if text, err := lp.in.ReadLine(); (err != nil && !errors.Is(err, errLineTooLong)) || strings.TrimSpace(text) == "quit" {
				return 0
			}
		}
	}
}

// thinking tells, in the narration, that the AI is about to search (it
// takes up to its time budget); forced and quick decisions say nothing.
func (lp *localPlay) thinking() {
	rec, err := lp.m.db.Get(lp.key)
	if err != nil || rec.Game == nil || rec.Game.State.Over() {
		return
	}
	st := &rec.Game.State
	seat := rec.Seats[st.ToAct()]
	if seat.AI != "" && ai.Thinks(seat.AI, st) {
		fmt.Fprintln(lp.narr, lp.t("term.thinking", map[string]any{"Side": lp.t("side."+st.ToAct().String(), nil), "Level": i18n.Level(lp.lang, seat.AI)}))
	}
}

// refused reports a refusal (stderr) and stops under --strict.
func (lp *localPlay) refused(reason string) int {
	fmt.Fprintln(lp.m.Stderr, lp.t("term.refused", map[string]any{"Reason": reason}))
	return lp.refusedShown()
}

// t words catalog message id in the language of the session.
func (lp *localPlay) t(id string, data map[string]any) string { return i18n.T(lp.lang, id, data) }

func (lp *localPlay) refusedShown() int {
	if lp.strict {
		return 1
	}
	return 0
}

// show prints a response: posts to the narration, their maps to the maps
// folder, private text too; refusals on stderr.
func (lp *localPlay) show(resp command.Response) {
	for _, p := range resp.Posts {
		text := plain(p.Text)
		if p.Mention == localCaller.UserID && !resp.Over {
			text += "\n" + lp.t("term.your-move", nil)
		}
		fmt.Fprintln(lp.narr, text)
		if p.Image != nil && strings.HasSuffix(p.ImageName, ".json") && lp.exportTo != "" {
			// export: a record for the person, where they are (or out:).
			if err := os.WriteFile(lp.exportTo, p.Image, 0o644); err != nil {
				fmt.Fprintln(lp.m.Stderr, lp.t("term.err.record", map[string]any{"Err": err}))
			} else {
				fmt.Fprintln(lp.narr, "  "+lp.t("term.written", map[string]any{"Path": lp.exportTo}))
			}
			continue
		}
		if p.Image != nil {
			dir := lp.outDir
			if dir == "" {
				dir = lp.replayDir
				if err := os.MkdirAll(dir, 0o755); err != nil {
					fmt.Fprintln(lp.m.Stderr, lp.t("term.err.folder", map[string]any{"Err": err}))
					continue
				}
				lp.nextImage = max(lp.nextImage, nextImageNumber(dir))
			}
			lp.nextImage++
			name := p.ImageName
			if name == "" {
				name = "map.png"
			}
			path := filepath.Join(dir, fmt.Sprintf("%04d-%s", lp.nextImage, name))
			if err := os.WriteFile(path, p.Image, 0o644); err != nil {
				fmt.Fprintln(lp.m.Stderr, lp.t("term.err.map", map[string]any{"Err": err}))
			} else {
				fmt.Fprintln(lp.narr, "  "+lp.t("term.image", map[string]any{"What": lp.imageWhat(name), "Path": path}))
			}
		}
		if next := nextCommands(resp.Next, p.Buttons, lp.t("term.next-moves", nil)); len(next) > 0 {
			fmt.Fprintln(lp.narr, "  "+lp.t("term.next", map[string]any{"Commands": strings.Join(next, " · ")}))
		}
	}
	if resp.Private != "" {
		switch {
		case resp.Refused && len(resp.Offer) > 0: // a question: confirm first
			fmt.Fprintln(lp.m.Stderr, plain(resp.Private))
		case resp.Refused:
			fmt.Fprintln(lp.m.Stderr, lp.t("term.refused", map[string]any{"Reason": plain(resp.Private)}))
		default:
			fmt.Fprintln(lp.narr, plain(resp.Private))
		}
	}
}

// imageWhat words what a picture of name (map.png, replay.gif) is.
func (lp *localPlay) imageWhat(name string) string {
	base := strings.TrimSuffix(name, filepath.Ext(name))
	if id := "term.image-name." + base; i18n.Has(i18n.English, id) {
		return lp.t(id, nil)
	}
	return base
}

// nextCommands are the commands the prompt offers, as typed: the likeliest
// shots first (as moves lists them), then the buttons' steps not already
// offered, then moves (worded as movesHint) for the rest when no shot is
// offered.
func nextCommands(best []string, buttons []command.Button, movesHint string) []string {
	out := append([]string(nil), best...)
	offered := func(c string) bool {
		for _, o := range out {
			if o == c || strings.HasPrefix(o, c+" ") {
				return true
			}
		}
		return false
	}
	for _, b := range buttons {
		if c := command.ButtonCommand(b.CustomID); c != "" && !offered(c) {
			out = append(out, c)
		}
	}
	if len(best) == 0 && offered("pass") {
		out = append(out, movesHint)
	}
	return out
}

// clipLine is what the narration repeats of a line read: at most its
// first 80 characters.
func clipLine(s string) string {
	if r := []rune(s); len(r) > 80 {
		return string(r[:80]) + "…"
	}
	return s
}

// plain removes the chat markup.
func plain(s string) string { return strings.NewReplacer("**", "", "`", "").Replace(s) }

// nextImageNumber continues the numbering of the maps already in dir.
func nextImageNumber(dir string) int {
	n := 0
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		var k int
		if _, err := fmt.Sscanf(e.Name(), "%04d-", &k); err == nil && k > n {
			n = k
		}
	}
	return n
}

// loadScenario reads a scenario file; "" is the built-in scenario (nil).
func loadScenario(path string) (*rules.Scenario, error) {
	if path == "" {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	sc, err := rules.ParseScenario(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return sc, nil
}

// localLang is the language of local play's new games: --lang (en or ja),
// else the locale LC_ALL or LANG names (Japanese for ja_JP.UTF-8), else
// English.
func (m *Main) localLang(flagValue string) (i18n.Lang, error) {
	if flagValue != "" {
		for _, l := range i18n.Langs() {
			if strings.EqualFold(flagValue, l.String()) {
				return l, nil
			}
		}
		return i18n.English, fmt.Errorf("--lang %s: choose en or ja", flagValue)
	}
	for _, name := range []string{"LC_ALL", "LANG"} {
		if v := m.Getenv(name); v != "" {
			return i18n.Parse(v), nil
		}
	}
	return i18n.English, nil
}

// startsAGame reports whether a command typed before any game starts one
// against the AI first: a command that plays or reads a game does, one
// that needs no game of its own (command.Command.Standalone) does not.
func startsAGame(name string) bool {
	c, ok := command.Lookup(name)
	return !ok || !c.Standalone
}
