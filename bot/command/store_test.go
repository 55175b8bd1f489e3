package command

import "github.com/mortain/mortain/store"

// The database is a Store (the command layer itself does not import it).
var _ Store = (*store.DB)(nil)
