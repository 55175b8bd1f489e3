package main

// terminal is local play's command.FrontEnd: one person plays their own
// games, posts are printed as they come, places are plain text.
type terminal struct{}

// Channel names a game's channel by its id: "#id".
func (terminal) Channel(id string) string { return "#" + id }

// Queues is false: the terminal prints the posts of each Response.
func (terminal) Queues() bool { return false }

// Members is false: one person plays.
func (terminal) Members() bool { return false }
