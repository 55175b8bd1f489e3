// Package bot is the Discord adapter of Mortain: a thin layer over the
// transport-free command layer (bot/command) that registers the /mortain
// slash command, routes slash commands, autocomplete and button presses,
// acknowledges every interaction within Discord's three seconds, posts the
// game's progress as ordinary channel messages (one ordered queue per
// channel, rate limits respected), runs the AI's rounds in the background,
// applies reminders and round time limits, and resumes every game after a
// restart.
//
// It depends on discordgo only through the narrow Discord interface, so
// the adapter is tested against a fake Discord (bot/internal/fakediscord)
// that checks every request against Discord's OpenAPI spec.
package bot
