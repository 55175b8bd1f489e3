package main

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// configuredToken reports whether a Discord token is configured: in the
// environment (DISCORD_TOKEN) or as token: in the configuration file
// (--config, default ./config.yaml when present).
func (m *Main) configuredToken(args []string) (bool, error) {
	if strings.TrimSpace(m.Getenv("DISCORD_TOKEN")) != "" {
		return true, nil
	}
	path, explicit := "config.yaml", false
	for i, a := range args {
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "config" || !strings.HasPrefix(a, "-") {
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return false, fmt.Errorf("--config needs a file name")
			}
			val = args[i+1]
		}
		path, explicit = val, true
	}
	tok, err := tokenInFile(path)
	if errors.Is(err, fs.ErrNotExist) && !explicit {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("config %s: %w", path, err)
	}
	return tok, nil
}

// tokenInFile reports whether the YAML file sets a non-empty top-level
// token.
func tokenInFile(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		v, ok := strings.CutPrefix(line, "token:")
		if !ok {
			continue
		}
		if i := strings.Index(v, " #"); i >= 0 {
			v = v[:i]
		}
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		return v != "", nil
	}
	return false, sc.Err()
}

// dataDir is where local play keeps its files: $XDG_DATA_HOME/mortain, or
// ~/.local/share/mortain.
func (m *Main) dataDir() string {
	if d := m.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "mortain")
	}
	if h := m.Getenv("HOME"); h != "" {
		return filepath.Join(h, ".local", "share", "mortain")
	}
	return "mortain-data"
}
