package cli

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"

	"github.com/spf13/cobra"

	"shop/internal/identity"
	"shop/internal/platform/i18n"
)

// UserCreateOptions are the inputs of `shopctl user create`.
type UserCreateOptions struct {
	F        *Factory
	Email    string
	Name     string
	Role     string
	Password string
}

// NewCmdUser is `shopctl user` (create); runF replaces the run in tests.
func NewCmdUser(f *Factory, runF func(*UserCreateOptions) error) *cobra.Command {
	user := &cobra.Command{Use: "user", Short: "Manage users"}
	opts := &UserCreateOptions{F: f}
	create := &cobra.Command{
		Use:   "create",
		Short: "Create a user with a role; without --password one is generated and printed once",
		Example: "  shopctl user create --email ana@example.rs --name 'Ana Petrović' --role super-admin\n" +
			"  shopctl user create --email kupac@example.rs --name Kupac --role customer --password 'tajna1234'",
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return userCreateRun(cmd, opts)
		},
	}
	create.Flags().StringVar(&opts.Email, "email", "", "e-mail (login)")
	create.Flags().StringVar(&opts.Name, "name", "", "full name")
	create.Flags().StringVar(&opts.Role, "role", "", "role name, e.g. super-admin or customer")
	create.Flags().StringVar(&opts.Password, "password", "", "password (at least 8 characters); generated when empty")
	for _, fl := range []string{"email", "name", "role"} {
		_ = create.MarkFlagRequired(fl)
	}
	user.AddCommand(create)
	return user
}

func userCreateRun(cmd *cobra.Command, o *UserCreateOptions) error {
	lang := i18n.FromHeader(o.F.Lang)
	a, err := o.F.App(cmd.Context())
	if err != nil {
		return err
	}
	generated := o.Password == ""
	if generated {
		b := make([]byte, 12)
		_, _ = rand.Read(b)
		o.Password = base64.RawURLEncoding.EncodeToString(b)
	}
	u, err := a.Identity.CreateUser(cmd.Context(), identity.CreateUserInput{
		Name: o.Name, Email: o.Email, Password: o.Password, PasswordConfirmation: o.Password, Role: o.Role})
	if err != nil {
		return err
	}
	if o.F.JSON {
		out := map[string]any{"id": u.ID, "email": u.Email, "name": u.Name, "roles": u.RoleNames()}
		if generated {
			out["password"] = o.Password
		}
		return o.F.PrintJSON(out)
	}
	fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "cli.user_created", map[string]any{"id": u.ID, "email": u.Email, "role": o.Role}))
	if generated {
		fmt.Fprintln(o.F.IO.Out, i18n.T(lang, "cli.user_password", map[string]any{"password": o.Password}))
	}
	return nil
}
