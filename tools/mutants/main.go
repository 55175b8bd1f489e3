// Command mutants measures how many small deliberate bugs the tests
// catch. It lists the mutation sites of some source files (a comparison
// flipped or moved by one, && and || swapped, an integer constant off by
// one, a statement dropped), draws a random sample of them, and runs the
// tests of each file's package against each mutant, one at a time. A
// mutant some test fails on is killed; one every test passes lived.
//
// The sources are never touched: each mutant is built through go test's
// -overlay, so the tool can run beside other work in the same tree and be
// stopped at any time.
//
//	go run ./tools/mutants                  # the default files, 36 mutants, seed 1
//	go run ./tools/mutants -n 40 -seed 7    # another sample
//	go run ./tools/mutants -list            # every site, no test run
//	go run ./tools/mutants bot/command/deadlines.go store/ratings.go:rate,rateable
//
// The mutants listed in tools/mutants/equivalent.txt were reviewed as
// equivalent (nothing anyone can observe changes: a timeout's length, a
// map's capacity, a value no caller reads): they are drawn but not run,
// and the figure is given with and without them.
//
// A FILE:F1,F2 argument limits a file's sites to the functions (or
// methods) named. Statements that only log are never dropped, and the
// values returned beside an error (return 0, err) are not changed. Each run of
// a package's tests uses -count=1 -failfast -vet=off and the -timeout
// given; a mutant that does not build is left out of the figure, and one
// that runs into the timeout is counted as caught (the tests hang on it,
// and their own hang guards would fail them), but shown apart.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// defaultTargets are the files of the code added for threads, deadlines,
// people, ratings, the rate limiter and the catalog (issue #43), with the
// functions of older files that belong to it.
var defaultTargets = []string{
	"bot/command/deadlines.go",
	"bot/command/clock.go",
	"bot/command/people.go",
	"bot/command/timers.go",
	"bot/command/ratings.go",
	"bot/command/threads.go",
	"bot/command/notices.go",
	"bot/command/seats.go:seat",
	"bot/command/buttons.go:buttonsFor",
	"bot/ratelimit.go",
	"bot/threads.go",
	"bot/deliver.go:stop",
	"store/ratings.go",
	"store/glicko2/glicko2.go",
	"store/glicko2/policy.go",
	"store/outbox.go:IsLive,Failed",
	"internal/i18n/i18n.go",
}

// site is one mutation: the bytes [start, end) of file replaced by repl.
type site struct {
	file       string // relative to the module root
	line, col  int
	start, end int
	repl       string
	what       string // "`<` to `<=`"
	text       string // the source line, trimmed
}

// key names a site by its file, its column, its mutation and its line's
// text, so that it stays the same when lines move.
func (s site) key() string { return fmt.Sprintf("%s\t%d\t%s\t%s", s.file, s.col, s.what, s.text) }

func main() {
	n := flag.Int("n", 36, "mutants to draw")
	seed := flag.Uint64("seed", 1, "seed of the sample")
	timeout := flag.Duration("timeout", 5*time.Minute, "go test -timeout for each run")
	list := flag.Bool("list", false, "list every site and exit")
	run := flag.String("run", "", "go test -run pattern (default: every test of the package)")
	verbose := flag.Bool("v", false, "print the test output of mutants that lived")
	equivFile := flag.String("equivalent", "tools/mutants/equivalent.txt", "the mutants reviewed as equivalent (not run; \"\" for none)")
	flag.Parse()
	targets := flag.Args()
	if len(targets) == 0 {
		targets = defaultTargets
	}
	var sites []site
	for _, t := range targets {
		s, err := sitesOf(t)
		if err != nil {
			fmt.Fprintln(os.Stderr, "mutants:", err)
			os.Exit(2)
		}
		sites = append(sites, s...)
	}
	if *list {
		for _, s := range sites {
			fmt.Printf("%s:%d\t%s\n", s.file, s.line, strings.TrimPrefix(s.key(), s.file+"\t"))
		}
		fmt.Printf("%d sites\n", len(sites))
		return
	}
	equivalent, err := readEquivalent(*equivFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutants:", err)
		os.Exit(2)
	}
	sample := draw(sites, *n, *seed)
	r := &runner{timeout: *timeout, run: *run, verbose: *verbose, out: os.Stdout, equivalent: equivalent}
	if err := r.measure(sample, len(sites), *seed); err != nil {
		fmt.Fprintln(os.Stderr, "mutants:", err)
		os.Exit(1)
	}
}

// draw is a random sample of n sites, in the order drawn.
func draw(sites []site, n int, seed uint64) []site {
	rng := rand.New(rand.NewPCG(seed, 0x6d7574616e7473))
	perm := rng.Perm(len(sites))
	out := make([]site, 0, n)
	for _, i := range perm[:min(n, len(perm))] {
		out = append(out, sites[i])
	}
	return out
}

// sources holds each target file as it was read when its sites were
// listed: the mutants are cut from it, so that a file edited while the
// tool runs cannot shift a site's bytes.
var sources = map[string][]byte{}

// sitesOf lists the mutation sites of a target "FILE" or "FILE:F1,F2".
func sitesOf(target string) ([]site, error) {
	file, funcs, _ := strings.Cut(target, ":")
	only := map[string]bool{}
	for _, f := range strings.Split(funcs, ",") {
		if f != "" {
			only[f] = true
		}
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	sources[file] = src
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, 0)
	if err != nil {
		return nil, err
	}
	c := &collector{fset: fset, file: file, src: src}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if len(only) == 0 || only[d.Name.Name] {
				ast.Inspect(d, c.visit)
			}
		case *ast.GenDecl:
			if len(only) == 0 && (d.Tok == token.CONST || d.Tok == token.VAR) {
				ast.Inspect(d, c.visit)
			}
		}
	}
	sort.Slice(c.sites, func(i, j int) bool { return c.sites[i].start < c.sites[j].start })
	return c.sites, nil
}

// collector gathers the sites of one file.
type collector struct {
	fset  *token.FileSet
	file  string
	src   []byte
	sites []site
	// unused are the literals returned beside an error, which callers
	// do not read (return 0, err).
	unused map[token.Pos]bool
}

// The operator mutations: each comparison negated and moved by one, each
// logical operator swapped.
var (
	negated = map[token.Token]token.Token{token.EQL: token.NEQ, token.NEQ: token.EQL, token.LSS: token.GEQ,
		token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR}
	boundary = map[token.Token]token.Token{token.LSS: token.LEQ, token.LEQ: token.LSS, token.GTR: token.GEQ, token.GEQ: token.GTR}
	swapped  = map[token.Token]token.Token{token.LAND: token.LOR, token.LOR: token.LAND}
)

func (c *collector) add(pos token.Pos, end token.Pos, repl, what string) {
	p := c.fset.Position(pos)
	from := bytes.LastIndexByte(c.src[:p.Offset], '\n') + 1
	to := bytes.IndexByte(c.src[p.Offset:], '\n')
	if to < 0 {
		to = len(c.src) - p.Offset
	}
	text := strings.TrimSpace(string(c.src[from : p.Offset+to]))
	c.sites = append(c.sites, site{file: c.file, line: p.Line, col: p.Column, start: p.Offset, end: c.fset.Position(end).Offset, repl: repl, what: what, text: text})
}

func (c *collector) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.BinaryExpr:
		op := n.OpPos
		end := op + token.Pos(len(n.Op.String()))
		for _, m := range []map[token.Token]token.Token{negated, boundary, swapped} {
			if to, ok := m[n.Op]; ok {
				c.add(op, end, to.String(), fmt.Sprintf("`%s` to `%s`", n.Op, to))
			}
		}
	case *ast.ReturnStmt:
		c.markUnused(n)
	case *ast.BasicLit:
		if !c.unused[n.Pos()] {
			c.literal(n)
		}
	case *ast.BlockStmt:
		for _, s := range n.List {
			c.statement(s)
		}
	case *ast.CaseClause:
		for _, s := range n.Body {
			c.statement(s)
		}
	}
	return true
}

// markUnused marks the literals a return statement gives beside an error
// that is not nil: by Go's convention nobody reads them, so changing
// them changes nothing.
func (c *collector) markUnused(r *ast.ReturnStmt) {
	if len(r.Results) < 2 {
		return
	}
	if id, ok := r.Results[len(r.Results)-1].(*ast.Ident); ok && id.Name == "nil" {
		return
	}
	for _, x := range r.Results[:len(r.Results)-1] {
		if l, ok := x.(*ast.BasicLit); ok {
			if c.unused == nil {
				c.unused = map[token.Pos]bool{}
			}
			c.unused[l.Pos()] = true
		}
	}
}

// literal adds an integer constant off by one (up, and down when above
// zero), and a float of 1 or more up by one.
func (c *collector) literal(l *ast.BasicLit) {
	switch l.Kind {
	case token.INT:
		v, err := strconv.ParseInt(strings.ReplaceAll(l.Value, "_", ""), 0, 64)
		if err != nil {
			return
		}
		c.add(l.Pos(), l.End(), strconv.FormatInt(v+1, 10), fmt.Sprintf("%s to %d", l.Value, v+1))
		if v > 0 {
			c.add(l.Pos(), l.End(), strconv.FormatInt(v-1, 10), fmt.Sprintf("%s to %d", l.Value, v-1))
		}
	case token.FLOAT:
		v, err := strconv.ParseFloat(l.Value, 64)
		if err != nil || v < 1 {
			return
		}
		up := strconv.FormatFloat(v+1, 'g', -1, 64)
		if !strings.ContainsAny(up, ".e") {
			up += ".0"
		}
		c.add(l.Pos(), l.End(), up, fmt.Sprintf("%s to %s", l.Value, up))
	}
}

// statement adds the dropping of a call, an assignment (not a
// declaration) or an increment, unless it only logs.
func (c *collector) statement(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		if logs(s.X) {
			return
		}
	case *ast.AssignStmt:
		if s.Tok == token.DEFINE {
			return
		}
	case *ast.IncDecStmt:
	default:
		return
	}
	text := string(c.src[c.fset.Position(s.Pos()).Offset:c.fset.Position(s.End()).Offset])
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i] + " …"
	}
	c.add(s.Pos(), s.End(), "", fmt.Sprintf("drop `%s`", text))
}

// logMethods are the methods of slog.Logger and its like.
var logMethods = map[string]bool{"Debug": true, "Info": true, "Warn": true, "Error": true, "Printf": true, "Println": true}

// logs reports whether a call only logs (x.log.Error(...), log.Printf).
func logs(x ast.Expr) bool {
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || !logMethods[sel.Sel.Name] {
		return false
	}
	var b bytes.Buffer
	if err := printExpr(&b, sel.X); err != nil {
		return false
	}
	recv := strings.ToLower(b.String())
	return strings.Contains(recv, "log")
}

// printExpr writes a selector chain such as s.cfg.Logger.
func printExpr(w io.Writer, x ast.Expr) error {
	switch x := x.(type) {
	case *ast.Ident:
		_, err := io.WriteString(w, x.Name)
		return err
	case *ast.SelectorExpr:
		if err := printExpr(w, x.X); err != nil {
			return err
		}
		_, err := io.WriteString(w, "."+x.Sel.Name)
		return err
	}
	return errors.New("not a selector chain")
}

// readEquivalent reads the mutants reviewed as equivalent: a line each,
// "FILE<TAB>COLUMN<TAB>MUTATION<TAB>SOURCE LINE<TAB>why" (-list prints
// the first four, the file with its line number); # starts a comment.
func readEquivalent(path string) (map[string]bool, error) {
	out := map[string]bool{}
	if path == "" {
		return out, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 5 {
			return nil, fmt.Errorf("%s:%d: want FILE, COLUMN, MUTATION, SOURCE LINE and why, tab-separated", path, i+1)
		}
		out[strings.Join(f[:4], "\t")] = true
	}
	return out, nil
}

// runner runs the tests against each mutant.
type runner struct {
	timeout    time.Duration
	run        string
	verbose    bool
	out        io.Writer
	dir        string
	equivalent map[string]bool // site keys reviewed as equivalent
}

// outcome is what a package's tests did with one mutant.
type outcome int

const (
	killed outcome = iota
	lived
	timedOut
	notBuilt
	equivalent
)

var outcomeNames = [...]string{"killed", "LIVED", "timed out", "no build", "equiv."}

func (r *runner) measure(sample []site, total int, seed uint64) error {
	dir, err := os.MkdirTemp("", "mutants-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	r.dir = dir
	start := time.Now()
	fmt.Fprintf(r.out, "%d mutants drawn from %d sites (seed %d)\n", len(sample), total, seed)
	// The tests must pass on the code as it is first.
	seen := map[string]bool{}
	for _, s := range sample {
		pkg := "./" + filepath.Dir(s.file)
		if seen[pkg] {
			continue
		}
		seen[pkg] = true
		t0 := time.Now()
		if res, out := r.test(pkg, ""); res != lived {
			return fmt.Errorf("the tests of %s do not pass without a mutant:\n%s", pkg, out)
		}
		fmt.Fprintf(r.out, "baseline %s passes (%.0fs)\n", pkg, time.Since(t0).Seconds())
	}
	counts := map[outcome]int{}
	var survivors []string
	for i, s := range sample {
		t0 := time.Now()
		res, out := equivalent, ""
		if !r.equivalent[s.key()] {
			var err error
			if res, out, err = r.mutant(i, s); err != nil {
				return err
			}
		}
		counts[res]++
		detail := ""
		if res == killed {
			detail = firstFailure(out)
		}
		line := fmt.Sprintf("%s:%d %s\t%s", s.file, s.line, s.what, s.text)
		fmt.Fprintf(r.out, "[%d/%d] %-9s %s %s (%.0fs)\n", i+1, len(sample), outcomeNames[res], line, detail, time.Since(t0).Seconds())
		if res == lived {
			survivors = append(survivors, line)
			if r.verbose {
				fmt.Fprintln(r.out, out)
			}
		}
	}
	k, l, to, eq := counts[killed], counts[lived], counts[timedOut], counts[equivalent]
	fmt.Fprintf(r.out, "\nkilled %d, lived %d, timed out %d, did not build %d, reviewed as equivalent %d\n", k, l, to, counts[notBuilt], eq)
	// A mutant the tests hang on is caught too (their own hang guards
	// fail them, later than go test's timeout).
	if all := k + to + l + eq; all > 0 {
		fmt.Fprintf(r.out, "caught %d/%d = %.1f%% of the mutants that build\n", k+to, all, 100*float64(k+to)/float64(all))
	}
	if k+to+l > 0 {
		fmt.Fprintf(r.out, "caught %d/%d = %.1f%% of those not reviewed as equivalent (%s)\n", k+to, k+to+l, 100*float64(k+to)/float64(k+to+l), time.Since(start).Round(time.Second))
	}
	for _, s := range survivors {
		fmt.Fprintln(r.out, "lived:", s)
	}
	return nil
}

// mutant builds mutant i through an overlay and runs its package's
// tests.
func (r *runner) mutant(i int, s site) (outcome, string, error) {
	src := sources[s.file]
	mutated := append(append(append([]byte{}, src[:s.start]...), s.repl...), src[s.end:]...)
	path := filepath.Join(r.dir, fmt.Sprintf("m%d.go", i))
	if err := os.WriteFile(path, mutated, 0o644); err != nil {
		return 0, "", err
	}
	abs, err := filepath.Abs(s.file)
	if err != nil {
		return 0, "", err
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {abs: path}})
	if err != nil {
		return 0, "", err
	}
	ov := filepath.Join(r.dir, fmt.Sprintf("m%d.json", i))
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		return 0, "", err
	}
	res, out := r.test("./"+filepath.Dir(s.file), ov)
	return res, out, nil
}

// test runs a package's tests, with an overlay when given.
func (r *runner) test(pkg, overlay string) (outcome, string) {
	args := []string{"test", "-count=1", "-failfast", "-vet=off", "-timeout", r.timeout.String()}
	if overlay != "" {
		args = append(args, "-overlay", overlay)
	}
	if r.run != "" {
		args = append(args, "-run", r.run)
	}
	args = append(args, pkg)
	// The hang guard of go test's own -timeout, with room to report.
	ctx, cancel := context.WithTimeout(context.Background(), r.timeout+2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	out, err := cmd.CombinedOutput()
	text := string(out)
	switch {
	case err == nil:
		return lived, text
	case strings.Contains(text, "[build failed]") || strings.Contains(text, "[setup failed]"):
		return notBuilt, text
	case strings.Contains(text, "panic: test timed out") || ctx.Err() != nil:
		return timedOut, text
	}
	return killed, text
}

var failLine = regexp.MustCompile(`--- FAIL: (\S+)`)

// firstFailure names the first test that failed.
func firstFailure(out string) string {
	if m := failLine.FindStringSubmatch(out); m != nil {
		return "(" + m[1] + ")"
	}
	return ""
}
