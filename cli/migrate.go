package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"shop/internal/migrations"
	"shop/internal/platform/i18n"
)

// MigrateOptions are `shopctl migrate`'s parsed input.
type MigrateOptions struct {
	F         *Factory
	Direction string // up | down | status
}

// NewCmdMigrate is `shopctl migrate up|down|status`; runF replaces the run in tests.
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
	lang := i18n.FromHeader(o.F.Lang)
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
		fmt.Fprintln(out, i18n.T(lang, "cli.migrate_applied", map[string]any{"n": before}))
	case "down":
		id, err := migrations.Down(ctx, gdb)
		if err != nil {
			return err
		}
		if o.F.JSON {
			return o.F.PrintJSON(map[string]string{"rolled_back": id})
		}
		if id == "" {
			fmt.Fprintln(out, i18n.T(lang, "cli.migrate_none_down", nil))
		} else {
			fmt.Fprintln(out, i18n.T(lang, "cli.migrate_down", map[string]any{"id": id}))
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
			state := i18n.T(lang, "cli.migrate_pending_s", nil)
			if s.Applied {
				state = i18n.T(lang, "cli.migrate_applied_s", nil)
			}
			fmt.Fprintf(out, "%-8s %s\n", state, s.ID)
		}
	}
	return nil
}
