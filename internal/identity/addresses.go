package identity

import (
	"context"
	"errors"
	"strings"

	"gorm.io/gorm"

	"shop/internal/platform/apperr"
	"shop/internal/platform/validation"
)

// Address types (spec 3 "User": addresses of type billing_address or shipping_address).
const (
	AddressBilling  = "billing_address"
	AddressShipping = "shipping_address"
)

// AddressInput is a customer's address as the address form sends it.
type AddressInput struct {
	Type     string `json:"type" validate:"required,oneof=billing_address shipping_address"`
	Name     string `json:"name" validate:"required,min=2,max=255"`
	Address  string `json:"address" validate:"required,min=2,max=255"`
	City     string `json:"city" validate:"required,min=2,max=255"`
	PostCode string `json:"post_code" validate:"required,max=32"`
	Phone    string `json:"phone" validate:"required,min=6,max=64"`
}

func (in *AddressInput) trim() {
	for _, p := range []*string{&in.Type, &in.Name, &in.Address, &in.City, &in.PostCode, &in.Phone} {
		*p = strings.TrimSpace(*p)
	}
}

// Addresses lists the user's addresses, oldest first.
func (s *Service) Addresses(ctx context.Context, userID uint64) ([]Address, error) {
	out := []Address{}
	if err := s.db.WithContext(ctx).Where("user_id = ?", userID).Order("id").Find(&out).Error; err != nil {
		return nil, apperr.Wrap(err, "addresses")
	}
	return out, nil
}

// UserAddress is one of the user's addresses (another user's is not found, like a missing one).
func (s *Service) UserAddress(ctx context.Context, userID, id uint64) (*Address, error) {
	var a Address
	err := s.db.WithContext(ctx).Where("id = ? AND user_id = ?", id, userID).Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, apperr.NotFoundThing("address")
	}
	if err != nil {
		return nil, apperr.Wrap(err, "address")
	}
	return &a, nil
}

// CreateAddress adds an address to the user's (checked: check adds the caller's own rules, e.g.
// the post code's shape; nil: none).
func (s *Service) CreateAddress(ctx context.Context, userID uint64, in AddressInput, check func(AddressInput) error) (*Address, error) {
	in.trim()
	if err := apperr.JoinInvalid(validation.Check(in), runCheck(check, in)); err != nil {
		return nil, err
	}
	a := Address{UserID: userID, Type: in.Type, Name: in.Name, Address: in.Address, City: in.City, PostCode: in.PostCode, Phone: in.Phone}
	if err := s.AddAddress(ctx, &a); err != nil {
		return nil, err
	}
	return &a, nil
}

// UpdateAddress replaces the fields of one of the user's addresses.
func (s *Service) UpdateAddress(ctx context.Context, userID, id uint64, in AddressInput, check func(AddressInput) error) (*Address, error) {
	in.trim()
	a, err := s.UserAddress(ctx, userID, id)
	if err != nil {
		return nil, err
	}
	if err := apperr.JoinInvalid(validation.Check(in), runCheck(check, in)); err != nil {
		return nil, err
	}
	a.Type, a.Name, a.Address, a.City, a.PostCode, a.Phone = in.Type, in.Name, in.Address, in.City, in.PostCode, in.Phone
	if err := s.db.WithContext(ctx).Save(a).Error; err != nil {
		return nil, apperr.Wrap(err, "update address")
	}
	return a, nil
}

// DeleteAddress removes one of the user's addresses.
func (s *Service) DeleteAddress(ctx context.Context, userID, id uint64) error {
	res := s.db.WithContext(ctx).Where("id = ? AND user_id = ?", id, userID).Delete(&Address{})
	if res.Error != nil {
		return apperr.Wrap(res.Error, "delete address")
	}
	if res.RowsAffected == 0 {
		return apperr.NotFoundThing("address")
	}
	return nil
}

func runCheck(check func(AddressInput) error, in AddressInput) error {
	if check == nil {
		return nil
	}
	return check(in)
}
