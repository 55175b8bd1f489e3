package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// NewLogger returns the structured logger the configuration asks for (text
// or JSON, at its level). Any text that contains the bot token has it
// replaced, so the token never reaches the logs.
func NewLogger(w io.Writer, cfg Config) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel, ReplaceAttr: redactor(cfg.Token)}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// redactor replaces secret in every logged string and error.
func redactor(secret string) func([]string, slog.Attr) slog.Attr {
	return func(_ []string, a slog.Attr) slog.Attr {
		if len(secret) < 8 {
			return a
		}
		switch a.Value.Kind() {
		case slog.KindString:
			if s := a.Value.String(); strings.Contains(s, secret) {
				a.Value = slog.StringValue(strings.ReplaceAll(s, secret, "[redacted]"))
			}
		case slog.KindAny:
			if err, ok := a.Value.Any().(error); ok && strings.Contains(err.Error(), secret) {
				a.Value = slog.StringValue(strings.ReplaceAll(err.Error(), secret, "[redacted]"))
			}
		}
		return a
	}
}

// ConfigureSession makes discordgo log through log, warnings and errors
// only (its debug level would print request headers), and reconnect by
// itself when the gateway drops.
func ConfigureSession(sess *discordgo.Session, log *slog.Logger) {
	sess.LogLevel = discordgo.LogWarning
	sess.ShouldReconnectOnError = true
	discordgo.Logger = func(msgL, _ int, format string, a ...any) {
		level := slog.LevelWarn
		if msgL == discordgo.LogError {
			level = slog.LevelError
		}
		log.Log(context.Background(), level, fmt.Sprintf(format, a...), "source", "discordgo")
	}
}
