package bot

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/command"
)

// Discord's limits on application commands
// (https://discord.com/developers/docs/interactions/application-commands).
const (
	maxCommandOptions = 25   // subcommands and groups of a command, options of a subcommand
	maxChoices        = 25   // choices of an option
	maxName           = 32   // characters of a name
	maxDescription    = 100  // characters of a description
	maxCommandText    = 4000 // characters of a command's names, descriptions and values, all levels
)

var commandName = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

// checkOption checks one option (subcommand, group or value) and returns
// the characters it counts towards maxCommandText.
func checkOption(t *testing.T, path string, o *discordgo.ApplicationCommandOption) int {
	t.Helper()
	if !commandName.MatchString(o.Name) || strings.ToLower(o.Name) != o.Name {
		t.Errorf("%s: name %q is not a valid lower-case command name", path, o.Name)
	}
	n := utf8.RuneCountInString(o.Description)
	if n == 0 || n > maxDescription {
		t.Errorf("%s: description of %d characters (1 to %d)", path, n, maxDescription)
	}
	if len(o.Options) > maxCommandOptions {
		t.Errorf("%s: %d options, Discord allows %d", path, len(o.Options), maxCommandOptions)
	}
	if len(o.Choices) > maxChoices {
		t.Errorf("%s: %d choices, Discord allows %d", path, len(o.Choices), maxChoices)
	}
	total := utf8.RuneCountInString(o.Name) + n
	for _, c := range o.Choices {
		if l := utf8.RuneCountInString(c.Name); l == 0 || l > 100 {
			t.Errorf("%s: choice name of %d characters", path, l)
		}
		v, _ := c.Value.(string)
		total += utf8.RuneCountInString(c.Name) + utf8.RuneCountInString(v)
	}
	required := true
	for _, sub := range o.Options {
		if o.Type == discordgo.ApplicationCommandOptionSubCommandGroup && sub.Type != discordgo.ApplicationCommandOptionSubCommand {
			t.Errorf("%s: a group holds only subcommands", path)
		}
		if sub.Required && !required {
			t.Errorf("%s: required option %s after an optional one", path, sub.Name)
		}
		required = sub.Required
		total += checkOption(t, path+" "+sub.Name, sub)
	}
	return total
}

func TestEveryCommandStaysWithinDiscordsLimits(t *testing.T) {
	cmds := ApplicationCommands(command.Definitions())
	for _, c := range cmds {
		if !commandName.MatchString(c.Name) {
			t.Errorf("command name %q", c.Name)
		}
		if n := utf8.RuneCountInString(c.Description); n == 0 || n > maxDescription {
			t.Errorf("/%s: description of %d characters", c.Name, n)
		}
		if len(c.Options) > maxCommandOptions {
			t.Errorf("/%s: %d subcommands and groups, Discord allows %d", c.Name, len(c.Options), maxCommandOptions)
		}
		total := utf8.RuneCountInString(c.Name) + utf8.RuneCountInString(c.Description)
		seen := map[string]bool{}
		for _, o := range c.Options {
			total += checkOption(t, "/"+c.Name+" "+o.Name, o)
			if seen[o.Name] {
				t.Errorf("/%s: %s twice", c.Name, o.Name)
			}
			seen[o.Name] = true
		}
		if total > maxCommandText {
			t.Errorf("/%s: %d characters of names, descriptions and values, Discord allows %d", c.Name, total, maxCommandText)
		}
		t.Logf("/%s: %d of %d subcommands and groups, %d of %d characters", c.Name, len(c.Options), maxCommandOptions, total, maxCommandText)
		// Each locale reads its own words; Discord counts the longest
		// localization of each field.
		perLocale, longest := localeTotals(c)
		for loc, n := range perLocale {
			if n > maxCommandText {
				t.Errorf("/%s in %s: %d characters, Discord allows %d", c.Name, loc, n, maxCommandText)
			}
		}
		if perLocale["en"] != total {
			t.Errorf("/%s: the locales' count gives English %d characters, not %d", c.Name, perLocale["en"], total)
		}
		if longest > maxCommandText {
			t.Errorf("/%s: %d characters counting each field's longest localization, Discord allows %d", c.Name, longest, maxCommandText)
		}
		t.Logf("/%s by locale: %v; longest of each field: %d", c.Name, perLocale, longest)
	}
}

func TestPlayCommandsStayOneWordAndRoomIsLeft(t *testing.T) {
	cmds := ApplicationCommands(command.Definitions())
	play := cmds[0]
	if play.Name != CommandName {
		t.Fatalf("the first command is /%s", play.Name)
	}
	for _, d := range command.Definitions() {
		if d.Acts && d.Group != "" {
			t.Errorf("the play command %s is in group %s: typing it got longer", d.Name, d.Group)
		}
	}
	if free := maxCommandOptions - len(play.Options); free < 1 {
		t.Errorf("/%s has room for %d more subcommands or groups; keep one free for the next command", CommandName, free)
	}
}

func TestASubcommandInAGroupReachesTheCommandLayerByItsName(t *testing.T) {
	data := discordgo.ApplicationCommandInteractionData{Name: CommandName, Options: []*discordgo.ApplicationCommandInteractionDataOption{{
		Name: command.GroupHistory, Type: discordgo.ApplicationCommandOptionSubCommandGroup,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "replay", Type: discordgo.ApplicationCommandOptionSubCommand}},
	}}}
	if name, _, _ := subcommand(data); name != "replay" {
		t.Errorf("subcommand: %q", name)
	}
}
