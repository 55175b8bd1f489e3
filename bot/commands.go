package bot

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/mortain/mortain/bot/command"
	"github.com/mortain/mortain/internal/i18n"
	"github.com/mortain/mortain/store/record"
)

// CommandName is the slash command of play; the command layer's commands
// are its subcommands, except the moderators' ones, under AdminCommandName.
const CommandName = "mortain"

// AdminCommandName is the slash command of the moderators' subcommands
// (those that need Manage Channels, which the command layer checks too);
// it keeps /mortain within Discord's 25 subcommands. Discord shows it only
// to members with Manage Channels (default_member_permissions; a server
// can change that in its Integrations settings).
const AdminCommandName = "mortain-admin"

// registeredCommand is a command as the bulk overwrite sends it:
// discordgo writes default_member_permissions as a string, Discord's
// OpenAPI spec wants an integer, which this field (the shallower one)
// gives.
type registeredCommand struct {
	*discordgo.ApplicationCommand
	DefaultMemberPermissions *int64 `json:"default_member_permissions,omitempty"`
}

// registration is the body of the bulk overwrite of cmds: /mortain-admin
// only for members who may manage channels.
func registration(cmds []*discordgo.ApplicationCommand) []registeredCommand {
	out := make([]registeredCommand, len(cmds))
	for i, c := range cmds {
		out[i] = registeredCommand{ApplicationCommand: c}
		if c.Name == AdminCommandName {
			perm := int64(discordgo.PermissionManageChannels)
			out[i].DefaultMemberPermissions = &perm
		}
	}
	return out
}

// ApplicationCommands builds /mortain and /mortain-admin, with a
// subcommand per definition, for ApplicationCommandBulkOverwrite. They are
// usable in server channels only, and carry their names and descriptions
// in every language of the catalog (localizeCommands).
func ApplicationCommands(defs []command.Definition) []*discordgo.ApplicationCommand {
	var play, admin []command.Definition
	for _, d := range defs {
		if d.Manage {
			admin = append(admin, d)
		} else {
			play = append(play, d)
		}
	}
	cmds := []*discordgo.ApplicationCommand{
		applicationCommand(CommandName, i18n.T(i18n.English, commandDescID(CommandName), nil), play),
	}
	if len(admin) > 0 {
		cmds = append(cmds, applicationCommand(AdminCommandName, i18n.T(i18n.English, commandDescID(AdminCommandName), nil), admin))
	}
	localizeCommands(cmds)
	return cmds
}

// applicationCommand builds one slash command with a subcommand per
// definition, those of a Group in a subcommand group, in the order the
// definitions come (a group where its first subcommand is).
func applicationCommand(name, description string, defs []command.Definition) *discordgo.ApplicationCommand {
	cmd := &discordgo.ApplicationCommand{
		Type:             discordgo.ChatApplicationCommand,
		Name:             name,
		Description:      description,
		Contexts:         &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
		IntegrationTypes: &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall},
	}
	groups := map[string]*discordgo.ApplicationCommandOption{}
	for _, d := range defs {
		sub := subcommandOption(d)
		if d.Group == "" {
			cmd.Options = append(cmd.Options, sub)
			continue
		}
		g := groups[d.Group]
		if g == nil {
			g = &discordgo.ApplicationCommandOption{
				Type:        discordgo.ApplicationCommandOptionSubCommandGroup,
				Name:        d.Group,
				Description: clip(command.Groups[d.Group], 100),
			}
			groups[d.Group] = g
			cmd.Options = append(cmd.Options, g)
		}
		g.Options = append(g.Options, sub)
	}
	return cmd
}

// subcommandOption builds the subcommand of one definition.
func subcommandOption(d command.Definition) *discordgo.ApplicationCommandOption {
	sub := &discordgo.ApplicationCommandOption{
		Type:        discordgo.ApplicationCommandOptionSubCommand,
		Name:        d.Name,
		Description: clip(d.Description, 100),
	}
	for _, o := range d.Options {
		if o.Local {
			continue // the terminal's alone
		}
		opt := &discordgo.ApplicationCommandOption{
			Name:         o.Name,
			Description:  clip(o.Description, 100),
			Required:     o.Required,
			Autocomplete: o.Autocomplete && len(o.Choices) == 0,
		}
		switch o.Type {
		case command.Bool:
			opt.Type = discordgo.ApplicationCommandOptionBoolean
			opt.Autocomplete = false
		case command.Integer:
			opt.Type = discordgo.ApplicationCommandOptionInteger
		case command.User:
			// Discord's member picker: the value is the user's id.
			opt.Type = discordgo.ApplicationCommandOptionUser
			opt.Autocomplete = false
		default:
			opt.Type = discordgo.ApplicationCommandOptionString
		}
		for i, c := range o.Choices {
			if i == 25 {
				break
			}
			opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(c.Name, 100), Value: c.Value})
		}
		sub.Options = append(sub.Options, opt)
	}
	// Discord wants the required options first.
	sort.SliceStable(sub.Options, func(i, j int) bool { return sub.Options[i].Required && !sub.Options[j].Required })
	return sub
}

// RegistrationJSON is the body of the commands' bulk overwrite, exactly as
// the bot sends it, indented (mortain commands prints it).
func RegistrationJSON(defs []command.Definition) ([]byte, error) {
	return json.MarshalIndent(registration(ApplicationCommands(defs)), "", "  ")
}

// clip shortens s to at most n characters.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// subcommand reads the subcommand of a /mortain interaction and its options
// as text, as the command layer takes them; focused names the option being
// typed (autocomplete).
func subcommand(data discordgo.ApplicationCommandInteractionData) (name string, opts map[string]string, focused string) {
	opts = map[string]string{}
	if len(data.Options) == 0 {
		return "", opts, ""
	}
	sub := data.Options[0]
	if sub.Type == discordgo.ApplicationCommandOptionSubCommandGroup && len(sub.Options) > 0 {
		sub = sub.Options[0] // the command layer knows subcommands by name alone
	}
	if sub.Type != discordgo.ApplicationCommandOptionSubCommand {
		return "", opts, ""
	}
	for _, o := range sub.Options {
		opts[o.Name] = optionText(o)
		if o.Focused {
			focused = o.Name
		}
	}
	return sub.Name, opts, focused
}

func optionText(o *discordgo.ApplicationCommandInteractionDataOption) string {
	switch v := o.Value.(type) {
	case string:
		if o.Type == discordgo.ApplicationCommandOptionUser {
			return "<@" + v + ">"
		}
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	case nil:
		return ""
	}
	return ""
}

// maxContent is Discord's limit of a message's text.
const maxContent = 2000

// splitText cuts text into messages of at most n characters, at line ends
// where it can.
func splitText(text string, n int) []string {
	var out []string
	for len([]rune(text)) > n {
		r := []rune(text)
		cut := n
		if i := strings.LastIndex(string(r[:n]), "\n"); i > 0 {
			cut = len([]rune(string(r[:n])[:i]))
		}
		out = append(out, strings.TrimRight(string(r[:cut]), "\n"))
		text = strings.TrimLeft(string(r[cut:]), "\n")
	}
	if text != "" || len(out) == 0 {
		out = append(out, text)
	}
	return out
}

// buttonRows lays buttons out in action rows of five (at most five rows).
func buttonRows(buttons []record.Button) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for i := 0; i < len(buttons) && len(rows) < 5; i += 5 {
		var row discordgo.ActionsRow
		for _, b := range buttons[i:min(i+5, len(buttons))] {
			if b.CustomID == "" || len(b.CustomID) > 100 {
				continue
			}
			row.Components = append(row.Components, discordgo.Button{
				Label:    clip(b.Label, 80),
				CustomID: b.CustomID,
				Style:    buttonStyle(command.ButtonStyle(b.Style)),
			})
		}
		if len(row.Components) > 0 {
			rows = append(rows, row)
		}
	}
	return rows
}

func buttonStyle(s command.ButtonStyle) discordgo.ButtonStyle {
	switch s {
	case command.Primary:
		return discordgo.PrimaryButton
	case command.Success:
		return discordgo.SuccessButton
	case command.Danger:
		return discordgo.DangerButton
	}
	return discordgo.SecondaryButton
}
