// Package cli holds shopctl's commands, one file per noun. Commands are thin: parse flags,
// call a service through the Factory, print for a person or (--json) for a machine.
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"gorm.io/gorm"

	"shop/internal/app"
	"shop/internal/platform/apperr"
	"shop/internal/platform/config"
	"shop/internal/platform/db"
	"shop/internal/platform/i18n"
)

// IOStreams are the command's input and outputs (buffers in tests).
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
}

// Factory gives commands their dependencies lazily, so `--help` and flag errors open nothing.
type Factory struct {
	IO         IOStreams
	ConfigFile string
	Environ    func() []string
	Lang       string
	JSON       bool

	cfg    *config.Config
	app    *app.App
	dbOnly *gorm.DB
	// AppOptions adjust the graph (tests lower the password hashing cost).
	AppOptions app.Options
}

// Config loads the configuration once (defaults, file, SHOP_* variables) and keeps it.
func (f *Factory) Config() (*config.Config, error) {
	if f.cfg != nil {
		return f.cfg, nil
	}
	file := f.ConfigFile
	env := f.Environ()
	if file == "" {
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, "SHOP_CONFIG="); ok {
				file = v
			}
		}
	}
	cfg, err := config.Load(file, env)
	if err != nil {
		return nil, err
	}
	f.cfg = cfg
	return cfg, nil
}

// App builds the whole service graph (database, Redis, objects, services).
func (f *Factory) App(ctx context.Context) (*app.App, error) {
	if f.app != nil {
		return f.app, nil
	}
	cfg, err := f.Config()
	if err != nil {
		return nil, err
	}
	a, err := app.New(ctx, cfg, slog.New(slog.NewTextHandler(f.IO.ErrOut, &slog.HandlerOptions{Level: slog.LevelWarn})), f.AppOptions)
	if err != nil {
		return nil, err
	}
	f.app = a
	return a, nil
}

// DB opens only the database, without migrating (for the migrate commands).
func (f *Factory) DB(ctx context.Context) (*gorm.DB, error) {
	if f.dbOnly != nil {
		return f.dbOnly, nil
	}
	cfg, err := f.Config()
	if err != nil {
		return nil, err
	}
	g, err := db.Open(ctx, cfg)
	if err != nil {
		return nil, err
	}
	f.dbOnly = g
	return g, nil
}

// Close releases what the commands opened.
func (f *Factory) Close() {
	if f.app != nil {
		f.app.Close()
	}
	if f.dbOnly != nil {
		db.Close(f.dbOnly)
	}
}

// PrintJSON writes v as indented JSON.
func (f *Factory) PrintJSON(v any) error {
	enc := json.NewEncoder(f.IO.Out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// UsageError marks bad flags or arguments (exit code 2).
type UsageError struct{ error }

func (u UsageError) Unwrap() error { return u.error }

// unknownCommand is a first argument that names no command.
type unknownCommand string

func (u unknownCommand) Error() string { return fmt.Sprintf("unknown command %q", string(u)) }

// ExitCode maps an error to shopctl's exit code: 0 ok, 2 usage, 1 anything else.
func ExitCode(err error) int {
	if err == nil {
		return 0
	}
	var u UsageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}

// argsError is a wrong number of positional arguments (cobra's own text is English only):
// want exactly lo, or lo to hi when hi > lo.
type argsError struct {
	cmd         string
	lo, hi, got int
}

func (e argsError) Error() string {
	return fmt.Sprintf("%s accepts %d to %d arg(s), received %d", e.cmd, e.lo, e.hi, e.got)
}

// Describe renders an error for the operator, localized, with field messages. Errors of the
// argument parser and the operating system, whose texts are English, go inside a sentence
// of the chosen language (a file that is missing or not allowed says so in it).
func Describe(err error, lang string) string {
	l := i18n.FromHeader(lang)
	var e *apperr.Error
	if !errors.As(err, &e) {
		var a argsError
		var pe *fs.PathError
		var u UsageError
		var unknown unknownCommand
		switch {
		case errors.As(err, &a) && a.hi > a.lo:
			return i18n.T(l, "cli.args_range", map[string]any{"cmd": a.cmd, "lo": a.lo, "hi": a.hi, "got": a.got})
		case errors.As(err, &a):
			return i18n.T(l, "cli.args", map[string]any{"cmd": a.cmd, "want": a.lo, "got": a.got})
		case errors.As(err, &unknown):
			return i18n.T(l, "cli.unknown_command", map[string]any{"name": string(unknown)})
		case errors.As(err, &pe):
			reason := pe.Err.Error()
			switch {
			case errors.Is(pe.Err, fs.ErrNotExist):
				reason = i18n.T(l, "cli.file_missing", nil)
			case errors.Is(pe.Err, fs.ErrPermission):
				reason = i18n.T(l, "cli.file_denied", nil)
			}
			return i18n.T(l, "cli.file", map[string]any{"path": pe.Path, "reason": reason})
		case errors.As(err, &u):
			return i18n.T(l, "cli.usage", map[string]any{"detail": strings.TrimSuffix(u.Error(), ".")})
		}
		return i18n.T(l, "cli.failed", map[string]any{"detail": strings.TrimSuffix(err.Error(), ".")})
	}
	if e.Code == apperr.Internal || e.Code == apperr.Unavailable {
		return fmt.Sprintf("%s (%v)", i18n.T(l, "error.server", nil), e.Err)
	}
	msg := i18n.T(l, e.Msg.Key, e.Msg.Args)
	var lines []string
	for _, fe := range e.Fields {
		lines = append(lines, fmt.Sprintf("  %s: %s", fe.Field, i18n.T(l, fe.Msg.Key, fe.Msg.Args)))
	}
	sort.Strings(lines)
	if len(lines) > 0 {
		msg += "\n" + strings.Join(lines, "\n")
	}
	return msg
}

// NewRootCmd builds shopctl with every command.
func NewRootCmd(f *Factory) *cobra.Command {
	root := newRoot(f)
	root.AddCommand(NewCmdMigrate(f, nil), NewCmdSeed(f, nil), NewCmdUser(f, nil), NewCmdConfig(f, nil), NewCmdImport(f), NewCmdPrices(f), NewCmdOrders(f), NewCmdFiscal(f), NewCmdEinvoice(f), NewCmdPayments(f),
		NewCmdEoffer(f, NewCmdEofferImport(f, nil), NewCmdEofferRecalc(f, nil), NewCmdEofferExport(f, nil)))
	return root
}

// newRoot is shopctl without its commands: global flags and error handling.
func newRoot(f *Factory) *cobra.Command {
	root := &cobra.Command{
		Use:           "shopctl",
		Short:         "Operate the shop: migrations, users, demo data, configuration",
		SilenceUsage:  true,
		SilenceErrors: true,
		// With Args set, cobra hands an unknown command to us instead of failing with a plain error.
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return UsageError{unknownCommand(args[0])}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
		// cobra checks required flags after this hook and reports them as a plain error;
		// checking here makes a missing flag a usage error (exit code 2).
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if err := cmd.ValidateRequiredFlags(); err != nil {
				return UsageError{err}
			}
			return nil
		},
	}
	root.PersistentFlags().StringVar(&f.ConfigFile, "config", "", "config file (default: $SHOP_CONFIG; none means built-in defaults)")
	root.PersistentFlags().StringVar(&f.Lang, "lang", "sr", "language of messages: sr or en")
	root.PersistentFlags().BoolVar(&f.JSON, "json", false, "print machine-readable JSON")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return UsageError{err} })
	return root
}

// Main runs shopctl with os streams and returns the exit code.
func Main(args []string) int {
	return Run(&Factory{IO: IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr}, Environ: os.Environ}, args)
}

// Run runs shopctl with the factory's streams, reports an error on ErrOut and returns the
// exit code; it closes what the commands opened.
func Run(f *Factory, args []string) int {
	defer f.Close()
	root := NewRootCmd(f)
	root.SetArgs(args)
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.ErrOut)
	err := root.Execute()
	if err != nil {
		fmt.Fprintln(f.IO.ErrOut, "shopctl:", Describe(err, f.Lang))
		if ExitCode(err) == 2 {
			fmt.Fprintln(f.IO.ErrOut, i18n.T(i18n.FromHeader(f.Lang), "cli.help_hint", nil))
		}
	}
	return ExitCode(err)
}

// exactArgs is cobra.ExactArgs reported as a usage error.
func exactArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return UsageError{argsError{cmd: cmd.CommandPath(), lo: n, hi: n, got: len(args)}}
		}
		return nil
	}
}
