package command

import (
	"strings"

	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store/record"
)

// OptionType is the kind of value an option takes.
type OptionType uint8

// The option types (Discord: string, boolean, integer, user). A User
// option's value is a member, written in the text form as the front end
// reads it (FrontEnd.MemberID); a typed name is refused.
const (
	String OptionType = iota
	Bool
	Integer
	User
)

// Choice is one value offered for an option: Name is shown, Value is sent.
type Choice struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Option is a named option of a subcommand.
type Option struct {
	Name        string
	Description string // at most 100 characters
	// Long is the whole description for help, when Description had to be
	// shortened for Discord.
	Long     string
	Type     OptionType
	Required bool
	// Choices are the only values allowed, when set (at most 25).
	Choices []Choice
	// Autocomplete asks Suggest for the values while the user types.
	Autocomplete bool
	// Hint marks an option whose refusal of a value outside Choices is
	// its own message, options.not-choice-COMMAND-OPTION, which adds a
	// hint to the list of choices.
	Hint bool
	// Local marks an option of the terminal only (a file to write), not
	// registered in Discord.
	Local bool
}

// Definition is a subcommand of /mortain.
type Definition struct {
	Name        string
	Description string // at most 100 characters
	Options     []Option
	// Positional names the option a bare word fills in the text form
	// ("rules R6.8" is "rules n:R6.8"); a bare word naming a Bool option
	// sets it ("setup done").
	Positional string
	// Help explains the command in a few lines; Example shows it in use.
	Help    string
	Example string
	// Manage marks a command that needs the Manage Channels permission.
	Manage bool
	// Acts marks a command that plays for a side: only the seated player
	// of the side to act may use it.
	Acts bool
	// Group places the subcommand in a subcommand group of the slash
	// command in Discord (/mortain history replay), which keeps the
	// command within Discord's 25 subcommands; "" for none. The text
	// form and the command layer use the subcommand's name alone.
	Group string
}

// Groups describe the subcommand groups of Definition.Group, in English
// (the catalog's group.NAME.desc).
var Groups = map[string]string{
	GroupHistory: i18n.T(i18n.English, "group."+GroupHistory+".desc", nil),
}

// GroupHistory holds the commands about games and records rather than
// the next move.
const GroupHistory = "history"

func choices(values ...string) []Choice {
	out := make([]Choice, len(values))
	for i, v := range values {
		out[i] = Choice{Name: v, Value: v}
	}
	return out
}

// confirmOpt is the confirm:yes option of a command that ends a game.
func confirmOpt() Option { return Option{Name: "confirm", Choices: choices("yes")} }

// unitOpt is an option naming a unit, hexOpt one naming a hex: both
// suggest the legal values while the user types.
func unitOpt(name string, required bool) Option {
	return Option{Name: name, Required: required, Autocomplete: true}
}

func hexOpt(name string, required bool) Option {
	return Option{Name: name, Required: required, Autocomplete: true}
}

// The modes of new: who the opponent is when it is not a member.
const (
	ModeAI      = "ai"
	ModeHotseat = "hotseat"
	ModeAIvsAI  = "ai-vs-ai"
	ModeOpen    = "open"
	// The values of server games:.
	GamesInThreads = "threads"
	GamesInChannel = "channel"
)

// modes are the values of new mode:, which the text form also takes as
// opponent:.
var modes = []string{ModeAI, ModeHotseat, ModeAIvsAI, ModeOpen}

// Pace values for AI-vs-AI games: where the game pauses for the watchers.
const (
	PaceActivation = "activation"
	PaceRound      = "round"
	PaceTurn       = "turn"
	PaceEnd        = "end"
)

// Names of the options of new that a game keeps (record.Meta), and the mark
// of a reminder.
const (
	SettingRemind     = "remind"            // a duration; remind the player to act after it
	SettingRoundLimit = "round-limit"       // a duration; pass the round after it
	SettingPace       = "pace"              // PaceActivation ... PaceEnd
	SettingLevel      = "level"             // the AI level of the game
	SettingReminded   = record.MarkReminded // the mark of a reminder's notice
)

// Option returns the definition's option called name.
func (d Definition) Option(name string) (Option, bool) {
	for _, o := range d.Options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}
