package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/chzyer/readline"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/store/record"
)

// maxLine is the longest command line read; a longer one is refused and
// the session goes on.
const maxLine = 1 << 20

// errLineTooLong reports a line over maxLine (the rest of it was skipped).
var errLineTooLong = errors.New("a line over 1 MiB was skipped: a command is a few words long")

// lineSource gives local play its command lines.
type lineSource interface {
	// ReadLine returns the next line; io.EOF at the end; errLineTooLong
	// for a line skipped because of its length.
	ReadLine() (string, error)
	Close() error
}

// scriptLines reads lines from a script or a pipe, as they are.
type scriptLines struct{ r *bufio.Reader }

func newScriptLines(r io.Reader) *scriptLines {
	return &scriptLines{r: bufio.NewReaderSize(r, 64<<10)}
}

func (s *scriptLines) ReadLine() (string, error) {
	var line []byte
	tooLong := false
	for {
		chunk, isPrefix, err := s.r.ReadLine()
		if err != nil {
			if errors.Is(err, io.EOF) && (len(line) > 0 || tooLong) {
				break
			}
			return "", err
		}
		if !tooLong {
			line = append(line, chunk...)
			if len(line) > maxLine {
				tooLong, line = true, nil
			}
		}
		if !isPrefix {
			break
		}
	}
	if tooLong {
		return "", errLineTooLong
	}
	return string(line), nil
}

func (s *scriptLines) Close() error { return nil }

// terminalLines reads from a person at a terminal, with line editing,
// history (kept in the data folder) and Tab completion.
type terminalLines struct{ rl *readline.Instance }

// newTerminalLines reads at the terminal after prompt, completing with
// complete.
func newTerminalLines(m *Main, prompt string, complete readline.AutoCompleter) (*terminalLines, error) {
	history := filepath.Join(m.dataDir(), "history")
	os.MkdirAll(filepath.Dir(history), 0o755)
	rl, err := readline.NewEx(&readline.Config{
		Prompt:          prompt,
		HistoryFile:     history,
		AutoComplete:    complete,
		InterruptPrompt: "^C",
		EOFPrompt:       "quit",
		Stdout:          m.Stdout,
		Stderr:          m.Stderr,
	})
	if err != nil {
		return nil, err
	}
	return &terminalLines{rl: rl}, nil
}

func (t *terminalLines) ReadLine() (string, error) {
	line, err := t.rl.Readline()
	if errors.Is(err, readline.ErrInterrupt) {
		return "", nil // ^C clears the line
	}
	if len(line) > maxLine {
		return "", errLineTooLong
	}
	return line, err
}

func (t *terminalLines) Close() error { return t.rl.Close() }

// completer completes command lines from the command definitions and from
// the suggestions that feed Discord's autocomplete (the legal values
// right now).
type completer struct {
	ctx   context.Context
	svc   *command.Service
	debug bool
	// key gives the game being played (nil: local game 1).
	key func() record.Key
}

// Do lists the completions of the word before pos (readline's
// AutoCompleter): the rest of each candidate, and the length of the word.
func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	text := string(line[:pos])
	word := text[strings.LastIndexByte(text, ' ')+1:]
	cands := c.candidates(text)
	var out [][]rune
	for _, cand := range cands {
		if strings.HasPrefix(strings.ToLower(cand), strings.ToLower(word)) && cand != word {
			out = append(out, []rune(cand[len(word):]))
		}
	}
	return out, len([]rune(word))
}

// candidates are the whole words that may stand where the last word of
// text (up to the cursor) is being typed.
func (c *completer) candidates(text string) []string {
	fields := strings.Fields(text)
	if len(fields) == 0 || (len(fields) == 1 && !strings.HasSuffix(text, " ")) {
		names := []string{"quit", "rules", "resume"}
		for _, d := range command.Definitions() {
			names = append(names, d.Name)
		}
		if c.debug {
			names = append(names, "debug")
		}
		sort.Strings(names)
		return names
	}
	def, ok := command.Find(fields[0])
	if !ok {
		return nil
	}
	word := ""
	if !strings.HasSuffix(text, " ") {
		word = fields[len(fields)-1]
		fields = fields[:len(fields)-1]
	}
	opts := map[string]string{}
	for _, f := range fields[1:] {
		if k, v, ok := strings.Cut(f, ":"); ok {
			opts[k] = v
		}
	}
	name, partial, hasValue := strings.Cut(word, ":")
	if !hasValue {
		var names []string
		for _, o := range def.Options {
			if _, given := opts[o.Name]; !given {
				names = append(names, o.Name+":")
			}
		}
		return names
	}
	o, ok := def.Option(name)
	if !ok {
		return nil
	}
	var values []string
	for _, ch := range o.Choices {
		values = append(values, name+":"+ch.Value)
	}
	if len(values) == 0 && o.Autocomplete {
		opts[name] = partial
		key := localKey
		if c.key != nil {
			key = c.key()
		}
		for _, ch := range c.svc.Suggest(c.ctx, key, localCaller, def.Name, opts, name) {
			values = append(values, name+":"+ch.Value)
		}
	}
	return values
}
