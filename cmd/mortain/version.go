package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is the release, set at build time with
// -ldflags "-X main.version=v1.2.3" (the Dockerfile's VERSION); without
// it, the version control revision Go records in the binary, or revision.
var version = ""

// revision is the version control revision, set at build time with
// -ldflags "-X main.revision=..." where Go cannot record it (the
// Dockerfile reads it from .git, with no git command in the image).
var revision = ""

// versionText is what mortain --version prints.
func versionText() string {
	v := version
	if v == "" {
		v = "devel"
		if info, ok := debug.ReadBuildInfo(); ok {
			var rev, modified string
			for _, s := range info.Settings {
				switch s.Key {
				case "vcs.revision":
					rev = s.Value
				case "vcs.modified":
					modified = s.Value
				}
			}
			if rev == "" {
				rev = revision
			}
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if rev != "" {
				v += " " + rev
				if modified == "true" {
					v += "+changes"
				}
			}
		}
	}
	return fmt.Sprintf("mortain %s (%s %s/%s)", v, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
