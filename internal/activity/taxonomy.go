package activity

// Entry types of the brands and categories (closing gaps of issue 16 item 11).
const (
	CategoryCreated = "category.created"
	CategoryUpdated = "category.updated"
	CategoryDeleted = "category.deleted"
	SubjectCategory = "category"

	BrandCreated = "brand.created"
	BrandUpdated = "brand.updated"
	BrandDeleted = "brand.deleted"

	SubjectBrand = "brand"
)
