package command

import (
	"context"
	"slices"
	"strings"

	"github.com/mortain/mortain/internal/i18n"
)

// Command is one command of /mortain and of the text form: its
// definition, its handler and what it is. Each family of commands keeps
// its entries beside its handlers (playCommands in play.go, ...); table
// lists them all, and every question "what is this command?" (the
// dispatcher, the bot's locking and posting, the terminal's help, the
// buttons) reads it.
type Command struct {
	Definition
	run handler
	// prepare rewrites the options before they are checked (new's
	// opponent:ai shorthand).
	prepare func(opts map[string]string)
	// Mutates marks a command that may change a game without playing for
	// a side (Acts): it takes the channel's lock.
	Mutates bool
	// Posts marks a command that may post in the channel without changing
	// a game (the map, a replay, an export).
	Posts bool
	// Standalone marks a command that needs no game of the terminal's
	// own: typed before any game, it does not start one against the AI
	// first (it starts, ends or lists games, or explains).
	Standalone bool
	// SaysOver marks a command that, when the game here is over, is
	// refused with its result rather than "no game".
	SaysOver bool
	// DiscordOnly marks a command the terminal does without (seats,
	// moderation, a server's members): its help does not list it.
	DiscordOnly bool
	// LocalOnly marks a command of the text form alone, never registered
	// in Discord (rules, resume, debug).
	LocalOnly bool
	// Debug marks a command that needs local play's --debug.
	Debug bool
	// LocalHidden are the options the terminal's help does without.
	LocalHidden []string
	// LocalExample replaces Example in the terminal's help.
	LocalExample string
	// forms describe, for a command that plays a game action, how its
	// options become a rules.Action and back, one form per kind of action.
	forms []actionForm
	// Strike marks a strike on a hex (air, oba): the picker offers its
	// hexes first.
	Strike bool
	// Buttons are the button verbs that run the command, each with the
	// options it gives.
	Buttons map[string]map[string]string
}

// handler runs one command.
type handler func(s *Service, ctx context.Context, req Request) (Response, error)

// noCtx is the handler of a command that needs no context.
func noCtx(f func(*Service, Request) (Response, error)) handler {
	return func(s *Service, _ context.Context, req Request) (Response, error) { return f(s, req) }
}

// ChangesGame reports whether the command may change a game (and so takes
// the channel's lock).
func (c Command) ChangesGame() bool { return c.Mutates || c.Acts }

// PostsInChannel reports whether the command may post in the channel, and
// so needs the bot's permissions there.
func (c Command) PostsInChannel() bool { return c.ChangesGame() || c.Posts }

// shownOrder is the order in which Discord and help list the commands; a
// command not named here comes after them, in its family's order.
var shownOrder = []string{
	"new", "join", "resign", "setup", "move", "enter", "exit", "fire", "resolve", "redraw", "miss", "air", "oba", "pass", "undo",
	"status", "map", "log", "units", "moves", "help", "stats", "replay", "export", "games", "notify", "away", "seat", "abort", "server",
}

// table is every command, in shownOrder; definitions are those Discord
// registers. They are set by init, as the handlers refer to the table.
var (
	table       []Command
	definitions []Definition
)

func init() {
	table = buildTable(newGameCommands, playCommands, readCommands, movesCommands, helpCommands, historyCommands,
		peopleCommands, adminCommands, resumeCommands, debugCommands)
	definitions = registered()
}

func buildTable(families ...[]Command) []Command {
	var out []Command
	for _, f := range families {
		for _, c := range f {
			c.Definition = worded(c.Definition)
			out = append(out, c)
		}
	}
	rank := func(c Command) int {
		if i := slices.Index(shownOrder, c.Name); i >= 0 {
			return i
		}
		return len(shownOrder)
	}
	slices.SortStableFunc(out, func(a, b Command) int { return rank(a) - rank(b) })
	return out
}

// Lookup returns the command called name, in any case.
func Lookup(name string) (Command, bool) {
	for _, c := range table {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	return Command{}, false
}

// Find returns the definition of the named command.
func Find(name string) (Definition, bool) {
	c, ok := Lookup(name)
	return c.Definition, ok
}

// Definitions lists the subcommands of /mortain, from which the Discord
// command is registered and help is written. The text form's own
// commands (rules, resume, debug) are never in it.
func Definitions() []Definition { return definitions }

func registered() []Definition {
	var out []Definition
	for _, c := range table {
		if !c.LocalOnly {
			out = append(out, c.Definition)
		}
	}
	return out
}

// NamesAMember reports whether a command names a Discord member: one with
// a required member option (seat), or a member option given a value other
// than the mode words the text form allows (new opponent:ai).
func NamesAMember(name string, opts map[string]string) bool {
	d, ok := Find(name)
	if !ok {
		return false
	}
	for _, o := range d.Options {
		if o.Type != User {
			continue
		}
		v, given := opts[o.Name]
		if o.Required || given && !slices.Contains(modes, strings.ToLower(strings.TrimSpace(v))) {
			return true
		}
	}
	return false
}

// worded gives a definition its English words from the catalog: its
// description (cmd.NAME.desc, the one Discord registers, else
// help.cmd.NAME.desc), its Help (help.cmd.NAME.text), each option's
// description and its Long (help.cmd.NAME.opt.OPTION.long) when the
// catalog has one.
func worded(d Definition) Definition {
	levels := map[string]any{"Levels": levelsTextIn(i18n.English)}
	d.Description = firstText("cmd."+d.Name+".desc", "help.cmd."+d.Name+".desc")
	d.Help = i18n.T(i18n.English, "help.cmd."+d.Name+".text", levels)
	var opts []Option
	for _, o := range d.Options {
		o.Description = firstText("cmd."+d.Name+".opt."+o.Name+".desc", "help.cmd."+d.Name+".opt."+o.Name+".desc")
		if id := "help.cmd." + d.Name + ".opt." + o.Name + ".long"; i18n.Has(i18n.English, id) {
			o.Long = i18n.T(i18n.English, id, levels)
		}
		opts = append(opts, o)
	}
	d.Options = opts
	return d
}

// firstText is the English text of the first of ids the catalog has.
func firstText(ids ...string) string {
	for _, id := range ids {
		if i18n.Has(i18n.English, id) {
			return i18n.T(i18n.English, id, nil)
		}
	}
	return ""
}
