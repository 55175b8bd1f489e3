// Command mortain runs Stand at Mortain: local play in the terminal, or the
// Discord bot.
package main

import (
	"fmt"
	"os"

	"github.com/mortain/mortain/rules"
)

func main() {
	// Until local play lands: play one game of random moves and report it.
	g := rules.NewGame(nil, rules.Options{}, 1)
	p := rules.NewRandomPlayer(1)
	for !g.State.Over() {
		a, _ := p.Choose(&g.State)
		if _, err := g.Apply(a); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	fmt.Printf("%s won (%s) after %d actions\n", g.State.Winner().Title(), g.State.WinReason(), len(g.History))
}
