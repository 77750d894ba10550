// Package demo seeds the demo shop: three users (super-admin, staff with a limited role,
// customer) and a catalogue. It refuses to touch a database that holds real users.
package demo

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"shop/internal/identity"
	"shop/internal/platform/db"
)

// Password is every demo user's password.
const Password = "demo1234"

// StaffRole is the demo staff role: catalogue and price-list work (products, their attributes
// and photos, attributes and brands), no users or roles; it sees orders but does not handle them,
// so the demo shows a role that may only look at a screen.
const StaffRole = "urednik"

var staffPermissions = []string{
	identity.PermViewProduct, identity.PermCreateProduct, identity.PermUpdateProduct, identity.PermDeleteProduct,
	identity.PermCreateDiscount, identity.PermUpdateDiscount, identity.PermDeleteDiscount,
	identity.PermViewProductAttribute, identity.PermUpdateProductAttribute,
	identity.PermViewProductImage, identity.PermUpdateProductImage,
	identity.PermViewCategory, identity.PermViewAttribute, identity.PermCreateAttribute, identity.PermUpdateAttribute,
	identity.PermViewBrand, identity.PermCreateBrand, identity.PermUpdateBrand, identity.PermUploadPricelist,
	identity.PermViewOrder, identity.PermViewContactMessage,
}

// Users are the demo logins, all with Password.
var Users = []struct{ Name, Email, Role string }{
	{"Demo Administrator", "admin@demo.local", identity.RoleSuperAdmin},
	{"Demo Urednik", "staff@demo.local", StaffRole},
	{"Demo Kupac", "kupac@demo.local", identity.RoleCustomer},
}

// ErrRealUsers means the database holds users other than the demo ones.
var ErrRealUsers = fmt.Errorf("the database already holds real users; demo data is only for a new shop")

func emails() []string {
	var out []string
	for _, u := range Users {
		out = append(out, u.Email)
	}
	return out
}

// Seed creates what is missing of the demo data; it reports whether anything was created.
func Seed(ctx context.Context, ids *identity.Service) (bool, error) {
	others, err := ids.CountUsers(ctx, emails())
	if err != nil {
		return false, err
	}
	if others > 0 {
		return false, ErrRealUsers
	}
	if _, err := ids.EnsureRole(ctx, StaffRole, staffPermissions); err != nil {
		return false, err
	}
	created := false
	for _, du := range Users {
		existing, err := ids.FindUserByEmail(ctx, du.Email)
		if err != nil {
			return false, err
		}
		if existing != nil {
			continue
		}
		u, err := ids.CreateUser(ctx, identity.CreateUserInput{Name: du.Name, Email: du.Email,
			Password: Password, PasswordConfirmation: Password, Role: du.Role})
		if err != nil {
			return false, fmt.Errorf("demo user %s: %w", du.Email, err)
		}
		created = true
		if du.Role == identity.RoleCustomer {
			for _, a := range []identity.Address{
				{UserID: u.ID, Type: "billing_address", Name: du.Name, Address: "Bulevar kralja Aleksandra 73", City: "Beograd", PostCode: "11000", Phone: "+381 11 123 4567"},
				{UserID: u.ID, Type: "shipping_address", Name: du.Name, Address: "Knez Mihailova 10", City: "Beograd", PostCode: "11000", Phone: "+381 64 123 4567"},
			} {
				if err := ids.AddAddress(ctx, &a); err != nil {
					return false, err
				}
			}
		}
	}
	return created, nil
}

// IsEmpty tells whether the shop has no users yet (first start).
func IsEmpty(ctx context.Context, ids *identity.Service) (bool, error) {
	n, err := ids.CountUsers(ctx, nil)
	return n == 0, err
}

// SeedExclusive is Seed for processes that may start together (several shopd roles or
// instances, shopctl beside a server): they take turns on a database lock, so one seeds and
// the others find the data. With firstStartOnly it does nothing when the shop has any user.
// It seeds the demo catalogue too (SeedCatalog; pictures only when cat names the catalogue
// service and object store), the storefront content (SeedContent) and, when cat names the
// sales service, the demo orders (SeedOrders). Seed alone stays
// users-only: tests build on it and count rows.
func SeedExclusive(ctx context.Context, gdb *gorm.DB, ids *identity.Service, firstStartOnly bool, cat ...CatalogOptions) (bool, error) {
	created := false
	err := db.WithLock(ctx, gdb, db.LockDemoSeed, func() error {
		if firstStartOnly {
			empty, err := IsEmpty(ctx, ids)
			if err != nil || !empty {
				return err
			}
		}
		var err error
		if created, err = Seed(ctx, ids); err != nil {
			return err
		}
		var o CatalogOptions
		if len(cat) > 0 {
			o = cat[0]
		}
		catCreated, err := SeedCatalog(ctx, gdb, o)
		created = created || catCreated
		if err != nil {
			return err
		}
		contentCreated, err := SeedContent(ctx, gdb, o)
		created = created || contentCreated
		if err != nil {
			return err
		}
		invoiceCreated, err := SeedInvoiceInfo(ctx, gdb)
		created = created || invoiceCreated
		if err != nil || o.Sales == nil {
			return err
		}
		ordersCreated, err := SeedOrders(ctx, gdb, ids, o.Sales)
		created = created || ordersCreated
		return err
	})
	return created, err
}
