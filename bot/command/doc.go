// Package command is the transport-free command layer of Mortain: the
// /mortain subcommands with their options (Definitions), their text form
// (Parse), and a Service that checks seats and rights, applies actions
// through the store, words every draw and activation, and answers with
// public posts, private text and buttons. Local play in the terminal and
// the Discord adapter are both thin front ends over it.
package command
