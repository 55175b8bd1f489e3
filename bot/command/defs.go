package command

import (
	"strings"

	"github.com/mortain/mortain/rules"
	"github.com/mortain/mortain/rules/ai"
	"github.com/mortain/mortain/store"
)

// OptionType is the kind of value an option takes.
type OptionType uint8

// The option types (Discord: string, boolean, integer, user). A User
// option's value is a Discord account, written as a mention "<@123>" in
// the text form; a typed name is refused.
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
	// Hint is added to the refusal of a value outside Choices.
	Hint string
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

// Groups describe the subcommand groups of Definition.Group.
var Groups = map[string]string{
	GroupHistory: "What happened: the log, replays, exports, the server's stats",
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
func confirmOpt(what string) Option {
	return Option{Name: "confirm", Description: "yes: " + what, Choices: choices("yes")}
}

func unitOpt(name, desc string, required bool) Option {
	return Option{Name: name, Description: desc, Required: required, Autocomplete: true}
}

func hexOpt(name, desc string, required bool) Option {
	return Option{Name: name, Description: desc, Required: required, Autocomplete: true}
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

// Pace values for AI-vs-AI games: where the game pauses for the watchers.
const (
	PaceActivation = "activation"
	PaceRound      = "round"
	PaceTurn       = "turn"
	PaceEnd        = "end"
)

// Names of the options of new that a game keeps (store.Meta), and the mark
// of a reminder.
const (
	SettingRemind     = "remind"           // a duration; remind the player to act after it
	SettingRoundLimit = "round-limit"      // a duration; pass the round after it
	SettingPace       = "pace"             // PaceActivation ... PaceEnd
	SettingLevel      = "level"            // the AI level of the game
	SettingReminded   = store.MarkReminded // the mark of a reminder's notice
)

// Definitions lists the subcommands of /mortain, from which the Discord
// command is registered and help is written. Debug commands are never in
// it.
func Definitions() []Definition { return definitions }

var definitions = buildDefinitions()

func buildDefinitions() []Definition {
	newOpts := []Option{
		{Name: "opponent", Description: "the member you challenge (or give mode:)", Long: "the member you challenge, picked from Discord's list (or give mode:)", Type: User},
		{Name: "mode", Description: "without opponent: (open by default)", Long: "ai, hotseat (you play both sides), ai-vs-ai, or open (the default without opponent:)",
			Choices: choices(ModeAI, ModeHotseat, ModeAIvsAI, ModeOpen), Hint: "; to challenge a member, give opponent: and pick them from Discord's list"},
		{Name: "side", Description: "the side you play", Choices: choices("us", "german", "random")},
		{Name: "level", Description: "the AI level", Choices: choices(ai.Levels...), Long: "the AI level, with its rating: " + levelsText()},
		{Name: "language", Description: "the game's language (posts, maps)", Choices: choices("en", "ja"),
			Long: "the language of the game's posts and maps: en or ja (default: the server's setting, else yours when it is English or Japanese)"},
		{Name: SettingRanked, Description: "rated game (yes by default between two members)", Choices: choices("yes", "no"),
			Long: "yes (the default for a game between two members): the result changes both players' Glicko-2 ratings; no: a friendly game. Games against the AI or hotseat are never rated."},
	}
	for _, o := range rules.OptionSpecs {
		desc := o.Rule + ": " + o.Help
		newOpts = append(newOpts, Option{Name: o.Name, Description: o.Rule + " variant (help new explains)", Long: desc, Choices: choices(o.Values...)})
	}
	newOpts = append(newOpts,
		Option{Name: SettingRemind, Description: "remind the player to act after this long, e.g. 12h",
			Long: "remind the player to act after this long, e.g. 12h (off by default)"},
		Option{Name: SettingRoundLimit, Description: "pass a round not played within this time, e.g. 24h",
			Long: "pass a round not played within this time, e.g. 24h (off by default)"},
		Option{Name: SettingDeadline, Description: "time for each move; then the opponent may claim the win", Choices: choices(deadlineChoices...),
			Long: "the time a player has for each move (off by default); when it passes, the opponent may claim the win, hand the side to the AI, or wait longer"},
		Option{Name: SettingPace, Description: "AI-vs-AI: where the game pauses", Choices: choices(PaceActivation, PaceRound, PaceTurn, PaceEnd),
			Long: "AI-vs-AI: pause after each activation, round or turn, or run to the end"},
		Option{Name: SettingPosts, Description: "map each activation (default) or round", Choices: choices(PostsActivation, PostsRound),
			Long: "activation (the default, unless the server chose round): a post with the map after every activation; round: one map a round, the AI's activations of the round told in one post. Either way the AI's set-up is one post."},
		confirmOpt("end the game here without a result"),
	)
	return []Definition{
		{Name: "new", Description: "Start a game (in a thread of its own)", Options: newOpts,
			Help: "Starts a game. You take side: (us by default); your opponent is the member you pick with opponent: (from Discord's list, not a typed name), " +
				"or mode: the AI, yourself (hotseat), the AI for both sides (ai-vs-ai), or an open seat (the default) another player takes with join. " +
				"Typed, opponent:ai (hotseat, ai-vs-ai, open) is short for mode:ai. Rule options (opt: of the rules) are fixed now. " +
				"A game between two members is ranked (rated with Glicko-2) unless ranked:no. The AI levels' ratings, on the same scale: " + levelsText() + ".",
			Example: "new mode:ai side:german level:random los:lenient"},
		{Name: "join", Description: "Take the open seat of the game in this channel",
			Help: "Takes the open seat of a game started without an opponent (mode:open), or of a seat opened since.", Example: "join"},
		{Name: "resign", Description: "Give up the game: the other side wins",
			Options: []Option{confirmOpt("yes, give up the game")},
			Help:    "Ends the game; the other side wins. It asks first: add confirm:yes (in Discord, press Confirm). In hotseat the side to act resigns.", Example: "resign confirm:yes"},
		{Name: "setup", Description: "US set-up: place a unit, use the historical preset, or finish (R2.1)", Acts: true, Positional: "done",
			Options: []Option{
				unitOpt("unit", "the US unit to place (placing it again moves it)", false),
				hexOpt("hex", "the hex, CCRR", false),
				{Name: "preset", Description: "historical: every unit on its historical hex", Choices: choices("historical")},
				{Name: "done", Description: "finish the set-up: turn 1 begins", Type: Bool},
			},
			Help:    "Places the five US units that start on the map (R2.1), anywhere but column 19, at most two a hex. Placing a unit again moves it. preset:historical places them all; done starts turn 1.",
			Example: "setup unit:120 hex:1501"},
		{Name: "move", Description: "Move a unit to an adjacent hex (R5.1)", Acts: true,
			Options: []Option{unitOpt("unit", "the unit to activate", true), hexOpt("to", "the adjacent hex, CCRR", true),
				unitOpt("with", "the Tiger, stacked with the unit: it moves along free (R4.6)", false)},
			Help: "Activates a unit to move one hex (R5.1): one activation point, or part of the face card's stack. Stacking R3.1, no enemy hex R3.2, US never in column 19 R5.2. " +
				"The Tiger (102) moves free with a German unit stacked with it (R4.6): add with:102 to that unit's move, or move the Tiger right after it; activated alone, the Tiger costs a point.",
			Example: "move unit:DR-1 to:1803 with:102"},
		{Name: "enter", Description: "Bring a reserve unit onto its entry edge (R5.3, R5.4)", Acts: true,
			Options: []Option{unitOpt("unit", "the reserve unit", true), hexOpt("to", "the entry hex (column 19 German, 11 US)", true), unitOpt("with", "a second reserve unit entering with it (the Tiger 102, R5.4)", false)},
			Help:    "Activates a reserve unit to enter on its edge (R5.3): German in column 19, US in column 11 from turn 2. The Tiger enters with one other unit for one activation (R5.4).",
			Example: "enter unit:DR-1 to:1903 with:102"},
		{Name: "exit", Description: "Move a German unit in column 11 off the west edge (R5.5)", Acts: true,
			Options: []Option{unitOpt("unit", "the German unit in column 11", true)},
			Help:    "Activates a German unit in column 11 to leave the map westwards (R5.5). Five exits win the game (R8.1).",
			Example: "exit unit:DF"},
		{Name: "fire", Description: "Add a firer to the attack on a target (R6.1, R6.6)", Acts: true,
			Options: []Option{unitOpt("unit", "the firing unit", true), unitOpt("target", "the enemy unit attacked", true)},
			Help:    "Activates a unit to fire at an enemy unit in range and line of sight (R6.2, R6.3). Further activations must join the attack until it is resolved (R6.6); resolve draws the card.",
			Example: "fire unit:TD target:DR-1"},
		{Name: "resolve", Description: "Draw the card for the pending attack (R6.8)", Acts: true,
			Help: "Resolves the pending attack: strength minus modifiers gives N; the card hits if its value is N or less (R6.8).", Example: "resolve"},
		{Name: "redraw", Description: "A face card was drawn in combat: draw again (R6.8)", Acts: true,
			Help: "Answers a face card drawn for an attack by drawing another card (R6.8, opt:face-in-combat=choose).", Example: "redraw"},
		{Name: "miss", Description: "A face card was drawn in combat: take a miss (R6.8)", Acts: true,
			Help: "Answers a face card drawn for an attack by taking a miss (R6.8).", Example: "miss"},
		{Name: "air", Description: "US Air marker: attack a German stack or give Air cover (R7)", Acts: true,
			Options: []Option{
				{Name: "mode", Description: "attack (strength 4) or cover", Required: true, Choices: choices("attack", "cover")},
				hexOpt("hex", "the hex holding German units", true),
				unitOpt("unit", "strike only this unit of the stack", false),
			},
			Help:    "Once a turn, on a red odd card or red Jack, instead of activating (R7.1): an Air attack of strength 4 on the stack in a hex or one unit of it (R7.4), or Air cover (R7.5). It ends the round.",
			Example: "air mode:attack hex:1803"},
		{Name: "oba", Description: "US off-board artillery on a German stack (R7.3)", Acts: true,
			Options: []Option{hexOpt("hex", "the hex holding German units", true), unitOpt("unit", "strike only this unit of the stack", false)},
			Help:    "Once a turn, on a red even card, Queen or King, instead of activating (R7.1): an attack of strength 3 on the stack in a hex, or one unit of it (R7.3). It ends the round.",
			Example: "oba hex:1803 unit:DR-1"},
		{Name: "pass", Description: "Give up the rest of the round (R4.5)", Acts: true,
			Help: "Ends your round, giving up the points left (R4.5). A pending attack is resolved first. " +
				"The Pass button asks first while points are left and a unit can still act, as a pass draws the next card, which undo cannot take back; typed, pass goes ahead at once.", Example: "pass"},
		{Name: "undo", Description: "Take back your last step (within the round, until a card is drawn)", Acts: true,
			Help: "Takes back the last step of the round, as long as no card was drawn since.", Example: "undo"},
		{Name: "status", Description: "Turn, round, card, points, deck, Air/OBA, options, seats",
			Help: "Shows the state of the game: turn, round, card, points left, cards left, Air/OBA, exits, options in force, seats and the winner.", Example: "status"},
		{Name: "map", Description: "Post the map of the game",
			Options: []Option{{Name: "size", Description: "full (1200 px) or small (for a phone)", Long: "full (the default): the whole map, 1200 px wide; small: the compact one for a phone", Choices: choices("full", "small")}},
			Help: "Posts the current map at full size (1200 pixels wide, every counter with its symbol and factors: open it to read it on a computer). " +
				"The bot's posts after every activation carry the compact map made for a phone's preview (the map across the width, larger type, the factors listed under it); " +
				"size:small posts that one.", Example: "map size:full"},
		{Name: "log", Description: "Narrate the last events of the game", Positional: "n", Group: GroupHistory,
			Options: []Option{{Name: "n", Description: "how many events (default 15)", Type: Integer}},
			Help:    "Narrates the last events: draws, activations, attacks, passes, turn ends.", Example: "log n:30"},
		{Name: "units", Description: "List the units with status, hex and factors",
			Help: "Lists every unit: side, where it is, its factors, flipped, covered, activated or targeted this round.", Example: "units"},
		{Name: "moves", Description: "List the legal commands of the side to act, with the odds of every shot", Positional: "unit",
			Options: []Option{{Name: "unit", Description: "only this unit's commands", Autocomplete: true}},
			Help: "Lists every legal command of the side to act, exactly as you would type it, grouped by unit; each shot shows its N (R6.8) " +
				"and the chance to hit, reckoned from the cards already drawn this turn. For anyone, players or not.", Example: "moves unit:DR-1"},
		{Name: "help", Description: "List the commands, or explain one, or print a rule such as R6.8", Positional: "command",
			Options: []Option{{Name: "command", Description: "the command to explain, or a rule number such as R6.8", Autocomplete: true}},
			Help:    "Lists the commands, or explains one; given a rule number (R6.8, R6) it prints the rule.", Example: "help command:fire"},
		{Name: "stats", Description: "Records of this server's players and the leaderboard", Group: GroupHistory,
			Help: "Shows wins and losses per player and side, against people and each AI level.", Example: "stats"},
		{Name: "replay", Description: "Post the animated replay of this channel's game", Group: GroupHistory,
			Help: "Posts an animation of the game so far, or of the last finished game in this channel.", Example: "replay"},
		{Name: "export", Description: "Post this channel's game as a JSON record anyone can replay and check", Group: GroupHistory,
			Options: []Option{{Name: "out", Description: "the file to write (terminal only; default mortain-game-N.json here)", Local: true}},
			Help: "Posts the game (or the last finished one) as a self-contained JSON file: scenario, options, players, every action and every card drawn. " +
				"Once the game is over it also holds the seed and the salt, so that `mortain verify FILE` can check every card against the commitment posted at the start. " +
				"In the terminal it writes mortain-game-N.json (N the game's id) in the current folder, or the file out: names, and prints the path.",
			Example: "export"},
		{Name: "games", Description: "Your games here, those waiting for you first",
			Options: []Option{{Name: "all", Description: "yes: every game of this channel (Manage Channels)", Long: "yes: every game of this channel and its threads (Manage Channels)", Choices: choices("yes")}},
			Help: "Lists your running games on this server, those waiting for your move first: a link to each game's thread, your opponent, the turn, and how long it has waited. " +
				"With all:yes a member with Manage Channels sees every game of this channel and its threads. " +
				"In local play it lists your saved games instead, the latest first: id, players, where each stands or its result, and when it was last played; resume id:N switches to one.",
			Example: "games"},
		{Name: "notify", Description: "How you are told a game waits for you",
			Options: []Option{
				{Name: "ping", Description: "ping in the thread (on by default)", Choices: choices("on", "off")},
				{Name: "dm", Description: "direct message (off by default)", Choices: choices("on", "off")},
				{Name: "remind", Description: "repeat while a game waits", Choices: choices(remindChoices...)},
				{Name: "quiet", Description: "quiet hours, e.g. 22:00-07:00", Long: "hours when pings wait, e.g. 22:00-07:00, or off"},
				{Name: "tz", Description: "your time zone", Autocomplete: true, Long: "your time zone, an IANA name such as Europe/Paris"},
			},
			Help: "Sets how the bot tells you that a game on this server waits for you, for all your games here: a ping in the game's thread (ping:), a direct message (dm:), " +
				"a reminder every 6, 12 or 24 hours while it waits (remind:), and quiet hours in your time zone (quiet:22:00-07:00 tz:Europe/Paris) during which pings wait until they end. " +
				"Without options, shows your settings. If Discord refuses the bot's direct messages (your privacy settings), the bot says so in the game's thread and turns dm: off.",
			Example: "notify dm:on quiet:22:00-07:00 tz:Europe/Paris"},
		{Name: "away", Description: "Pause the deadlines of your games here",
			Options: []Option{
				{Name: "days", Description: "for this many days (1-30)", Type: Integer},
				{Name: "until", Description: "back on YYYY-MM-DD"},
				{Name: "back", Description: "yes: you are back", Choices: choices("yes")},
			},
			Help: "Pauses the deadline of each of your games on this server until you are back, and tells each opponent until when. " +
				"Each game allows " + "14 days" + " of vacation per player in all, so that a game cannot stall for ever. Without options, says whether you are away.",
			Example: "away days:5"},
		{Name: "seat", Description: "Hand a side's seat to another member (Manage Channels)", Manage: true,
			Options: []Option{
				{Name: "side", Description: "the side whose seat changes hands", Required: true, Choices: choices("us", "german")},
				{Name: "user", Description: "the member who takes the seat", Required: true, Type: User},
			},
			Help: "Puts a member in a side's seat in place of whoever held it (a player who left, a seat left open); the previous holder can no longer act for that side. " +
				"Not for a side the AI plays, nor for a member who holds the other seat (one person plays both sides only in a game started with mode:hotseat). Needs the Manage Channels permission.",
			Example: "seat side:german user:@member"},
		{Name: "abort", Description: "End the game in this channel without a result (Manage Channels)", Manage: true,
			Options: []Option{confirmOpt("yes, end the game without a result")},
			Help:    "Ends the game without a winner. It asks first: add confirm:yes (in Discord, press Confirm). Needs the Manage Channels permission.", Example: "abort confirm:yes"},
		{Name: "server", Description: "Where this server's games are played: a thread each, or in the channel", Manage: true,
			Options: []Option{{Name: "games", Description: "threads (the default): a thread per game; channel: one game in each channel itself", Choices: choices(GamesInThreads, GamesInChannel)},
				{Name: "language", Description: "the language of new games: en, ja, or each starter's (off)", Choices: choices("en", "ja", "off")},
				{Name: "forum-tag", Description: "the tag of a game's post in a forum (the name of one of its tags), or off"},
				{Name: "forum-results", Description: "here: forum games' results also go to this channel; off: to the game's post only", Choices: choices("here", "off")},
				{Name: SettingPosts, Description: "new games post a map after each activation (default) or each round", Choices: choices(PostsActivation, PostsRound)}},
			Help: "Without options, shows the server's settings. games:threads (the default) plays every game started in a channel in a thread of its own, so that several games run side by side; " +
				"games:channel keeps one game in each channel itself, as before. In a forum each game is a post, and a forum takes no messages itself: " +
				"forum-tag:NAME gives each game's post that tag of the forum (a forum that requires a tag refuses posts without one; without forum-tag, a tag whose name holds Mortain is taken), " +
				"and forum-results:here, given in a channel, also posts there the result of each game played in a forum (by default it is posted in the game's post only). posts:round makes new games post one map a round (new posts: chooses for one game). " +
				"Games already running stay where they are. Needs the Manage Channels permission.",
			Example: "server games:channel"},
	}
}

// Find returns the definition of the named subcommand.
// rulesDefinition is the rules command of the text form (local play);
// in Discord, help command:R6.8 does the same, which keeps /mortain within
// Discord's 25 subcommands.
var rulesDefinition = Definition{Name: "rules", Description: "Print a rule of the game, e.g. R6.8", Positional: "n",
	Options: []Option{{Name: "n", Description: "the rule number, e.g. R6.8 or R6", Autocomplete: true}},
	Help:    "Prints the text of a rule (R1-R9) from the rules the program enforces; without n, the list of sections. Also: help R6.8.", Example: "rules n:R6.8"}

func Find(name string) (Definition, bool) {
	for _, d := range definitions {
		if strings.EqualFold(d.Name, name) {
			return d, true
		}
	}
	if strings.EqualFold(name, "rules") {
		return rulesDefinition, true
	}
	if strings.EqualFold(name, "debug") {
		return debugDefinition, true
	}
	if strings.EqualFold(name, "resume") {
		return resumeDefinition, true
	}
	return Definition{}, false
}

// Option returns the definition's option called name.
func (d Definition) Option(name string) (Option, bool) {
	for _, o := range d.Options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// debugDefinition is the local-play debug command; never in Definitions.
var debugDefinition = Definition{
	Name: "debug", Description: "Debug edits (local play with --debug only)", Positional: "edit", Acts: true,
	Options: []Option{
		{Name: "edit", Description: "place, flip, turn, round, deck, or position (print it)", Required: true},
		{Name: "unit", Description: "the unit"},
		{Name: "hex", Description: "the hex, reserve or eliminated"},
		{Name: "n", Description: "the turn"},
		{Name: "side", Description: "us or german"},
		{Name: "points", Description: "activation points"},
		{Name: "card", Description: "the round's card"},
		{Name: "cards", Description: "the next cards, in order"},
	},
	Help: "debug place unit:ID hex:CCRR|reserve|eliminated; debug flip unit:ID; debug turn n:N; debug round side:us|german points:N (or card:QS); " +
		"debug deck cards:\"KS 5H JK\" (the next cards, in order); debug position prints the position in the notation of docs/engine.md (the next cards included), for a bug report or a test; it shows the undrawn cards, so it is recorded too and makes the game a debug game (mortain verify names it). Only in local play started with --debug; the edits are recorded in the history.",
	Example: "debug deck cards:\"5H KS\"",
}
