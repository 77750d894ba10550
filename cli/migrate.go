package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"shop/internal/migrations"
)

// MigrateOptions are `shopctl migrate`'s parsed input.
type MigrateOptions struct {
	F         *Factory
	Direction string // up | down | status
}

func NewCmdMigrate(f *Factory, runF func(*MigrateOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:       "migrate up|down|status",
		Short:     "Apply, roll back (the last one) or list the database migrations",
		Example:   "  shopctl migrate up\n  shopctl migrate status --json\n  shopctl migrate down",
		Args:      exactArgs(1),
		ValidArgs: []string{"up", "down", "status"},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts := &MigrateOptions{F: f, Direction: args[0]}
			switch opts.Direction {
			case "up", "down", "status":
			default:
				return UsageError{fmt.Errorf("migrate: %q is not up, down or status", args[0])}
			}
			if runF != nil {
				return runF(opts)
			}
			return migrateRun(cmd, opts)
		},
	}
	return cmd
}

func migrateRun(cmd *cobra.Command, o *MigrateOptions) error {
	ctx := cmd.Context()
	gdb, err := o.F.DB(ctx)
	if err != nil {
		return err
	}
	out := o.F.IO.Out
	switch o.Direction {
	case "up":
		before, err := migrations.Pending(ctx, gdb)
		if err != nil {
			return err
		}
		if err := migrations.Up(ctx, gdb); err != nil {
			return err
		}
		if o.F.JSON {
			return o.F.PrintJSON(map[string]int{"applied": before})
		}
		fmt.Fprintf(out, "applied %d migration(s)\n", before)
	case "down":
		id, err := migrations.Down(ctx, gdb)
		if err != nil {
			return err
		}
		if o.F.JSON {
			return o.F.PrintJSON(map[string]string{"rolled_back": id})
		}
		if id == "" {
			fmt.Fprintln(out, "nothing to roll back")
		} else {
			fmt.Fprintf(out, "rolled back %s\n", id)
		}
	case "status":
		st, err := migrations.Status(ctx, gdb)
		if err != nil {
			return err
		}
		if o.F.JSON {
			return o.F.PrintJSON(st)
		}
		for _, s := range st {
			state := "pending"
			if s.Applied {
				state = "applied"
			}
			fmt.Fprintf(out, "%-8s %s\n", state, s.ID)
		}
	}
	return nil
}
