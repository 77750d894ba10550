package catalog

import "context"

// The admin forms' checks, for data written without a form (the demo shop): what the admin
// would refuse on the next save of the record.

// ValidateCategory checks a category's form as the admin does.
func ValidateCategory(in CategoryInput) error { return checkCategory(&in) }

// ValidateProduct checks a product's form as the admin's edit does (references included).
func (s *Service) ValidateProduct(ctx context.Context, in ProductInput) error {
	return s.checkProductInput(ctx, s.db, &in, false)
}

// ValidateBrand checks a brand's name as the admin's edit of brand id does.
func (s *Service) ValidateBrand(ctx context.Context, id uint64, name string) error {
	_, err := s.checkBrand(ctx, s.db, name, id)
	return err
}

// ValidateAttribute checks an attribute's form (name and values) as the admin's edit of
// attribute id does.
func (s *Service) ValidateAttribute(ctx context.Context, id uint64, in AttributeInput) error {
	return s.checkAttribute(ctx, s.db, &in, id)
}
