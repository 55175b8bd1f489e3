package main

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/mortain/mortain/bot"
	"github.com/mortain/mortain/store"
)

const reshardUsage = `mortain reshard — move the bot's data to a new number of shards

Usage:
  mortain reshard [--db FILE] --from N --to M
  mortain reshard --old FILE,FILE --new FILE,FILE,FILE

Flags:
  --db FILE   the database: setting (default mortain.db); with more than
              one shard each shard's file is beside it, FILE with
              ".shard-ID-of-COUNT" before its extension
  --from N    the shard count the databases were written with (default 1)
  --to M      the new shard count
  --old LIST  instead of --db and --from: the old databases, comma-separated,
              shard 0 first (when each shard's file is on its own volume)
  --new LIST  instead of --db and --to: the new databases, shard 0 first

A server's games, archive, players' records, outbox and damaged records go
to the database of shard (server_id >> 22) % M; data with no server goes to
shard 0. The old files are left as they were; the new ones must not exist
yet. It refuses while a bot has one of the databases open: stop every
shard first, reshard, then start M shards with discord.shard_count: M.
`

// runReshard copies the shard databases of one count into those of
// another.
func (m *Main) runReshard(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("reshard", flag.ContinueOnError)
	dbPath := fs.String("db", bot.DefaultDatabase, "")
	from := fs.Int("from", 1, "")
	to := fs.Int("to", 0, "")
	oldList := fs.String("old", "", "")
	newList := fs.String("new", "", "")
	if err := m.parseFlags(fs, args, "reshard", reshardUsage); err != nil {
		return err
	}
	olds, news := store.ShardPaths(*dbPath, *from), store.ShardPaths(*dbPath, max(*to, 1))
	if *oldList != "" {
		olds = strings.Split(*oldList, ",")
		*from = len(olds)
	}
	if *newList != "" {
		news = strings.Split(*newList, ",")
		*to = len(news)
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(m.Stderr, "mortain reshard: unexpected argument %q\n\n%s", fs.Arg(0), reshardUsage)
		return exitStatus(2)
	case *to < 1 || *from < 1:
		fmt.Fprint(m.Stderr, "mortain reshard: give the old and the new shard counts, --from N --to M (1 or more)\n\n"+reshardUsage)
		return exitStatus(2)
	case *to == *from && *oldList == "" && *newList == "":
		fmt.Fprintf(m.Stderr, "mortain reshard: the data is already on %d shards: nothing to do\n", *to)
		return exitStatus(2)
	case *to > maxReshard || *from > maxReshard:
		fmt.Fprintf(m.Stderr, "mortain reshard: %d shards is more than the bot serves (discord.shard_count is at most %d): give --from and --to from 1 to %d\n", max(*to, *from), maxReshard, maxReshard)
		return exitStatus(2)
	}
	if need, limit := filesNeeded(*from, *to), openFileLimit(); limit > 0 && need > limit {
		fmt.Fprintf(m.Stderr, "mortain reshard: moving %d shards to %d keeps about %d files open, and this process may open %d: raise the limit first (ulimit -n %d), then run it again; nothing was changed\n",
			*from, *to, need, limit, need)
		return exitStatus(1)
	}
	counts, err := store.Reshard(olds, news, store.Options{})
	if err != nil {
		fmt.Fprintln(m.Stderr, "mortain", err)
		return exitStatus(1)
	}
	fmt.Fprintf(m.Stdout, "Moved the data of %d shard(s) to %d:\n", *from, *to)
	for i, c := range counts {
		fmt.Fprintf(m.Stdout, "  shard %d: %s: %s running, %s finished, players' records of %s, posts to deliver in %s, %s set aside\n",
			i, c.Path, plural(c.Games, "game"), plural(c.Archived, "game"), plural(c.Guilds, "server"), plural(c.Outboxes, "channel"), plural(c.Damaged, "record"))
	}
	fmt.Fprintf(m.Stdout, "The old files are unchanged (%s); remove them once the %d shards run.\n", strings.Join(olds, ", "), *to)
	return nil
}

// maxReshard bounds --from and --to: the largest discord.shard_count the
// bot accepts.
const maxReshard = 4096

// filesNeeded is about how many files a reshard keeps open: every old and
// new database with its backup socket, and some to spare.
func filesNeeded(from, to int) int { return 2*(from+to) + 64 }

// plural writes n with its noun.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
