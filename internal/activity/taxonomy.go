package activity

// Entry types of the brands (closing a gap of issue 16 item 11).
const (
	BrandCreated = "brand.created"
	BrandUpdated = "brand.updated"
	BrandDeleted = "brand.deleted"

	SubjectBrand = "brand"
)
