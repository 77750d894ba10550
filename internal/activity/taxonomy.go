package activity

// Entry types of the brands, categories and attributes.
const (
	CategoryCreated = "category.created"
	CategoryUpdated = "category.updated"
	CategoryDeleted = "category.deleted"
	SubjectCategory = "category"

	AttributeCreated = "attribute.created"
	AttributeUpdated = "attribute.updated"
	SubjectAttribute = "attribute"

	BrandCreated = "brand.created"
	BrandUpdated = "brand.updated"
	BrandDeleted = "brand.deleted"

	SubjectBrand = "brand"
)
