package identity

//go:generate go run ../../tools/permgen -src permissions.go -out ../../web-shared/src/permissions.ts

// Permission and role names exactly as the specifications spell them (typos included:
// udpate-web-margin, view_newsletter-product); routes and the admin guard by these.
const (
	RoleSuperAdmin = "super-admin"
	RoleCustomer   = "customer"

	PermViewUser                    = "view-user"
	PermCreateUser                  = "create-user"
	PermUpdateUser                  = "update-user"
	PermViewActivity                = "view-activity"
	PermViewProduct                 = "view-product"
	PermCreateProduct               = "create-product"
	PermViewProductAttribute        = "view-product-attribute"
	PermViewProductImage            = "view-product-image"
	PermConnectProduct              = "connect-product"
	PermMapProductsImport           = "map-products-import"
	PermViewCategoryDiscountDisplay = "view_category-discount-display"
	PermViewCategory                = "view-category"
	PermCreateCategory              = "create-category"
	PermConnectCategory             = "connect-category"
	PermViewAttribute               = "view-attribute"
	PermViewBrand                   = "view-brand"
	PermViewWebMargin               = "view-web-margin"
	PermCreateWebMargin             = "create-web-margin"
	PermUpdateWebMargin             = "udpate-web-margin"
	PermViewRecommendedPrice        = "view-recommended-price"
	PermCreateRecommendedPrice      = "create-recommended-price"
	PermUpdateRecommendedPrice      = "update-recommended-price"
	PermViewAuthenticatedDiscount   = "view-authenticated-discount"
	PermCreateAuthenticatedDiscount = "create-authenticated-discount"
	PermUpdateAuthenticatedDiscount = "update-authenticated-discount"
	PermViewDiscountType            = "view-discount-type"
	PermViewOrder                   = "view-order"
	PermViewProformaInvoice         = "view-proforma-invoice"
	PermViewProformaInvoiceInfo     = "view-proforma-invoice-info"
	PermViewRole                    = "view-role"
	PermViewNewsletterProductRoute  = "view_newsletter-product"
	PermViewNewsletterProduct       = "view-newsletter-product"
	PermViewRating                  = "view-rating"
	PermViewQuestion                = "view-question"
	PermCreateBanner                = "create-banner"
	PermUpdateBanner                = "update-banner"
	PermUpdateHomePage              = "update-home-page"
	PermCreatePost                  = "create-post"
	PermUpdatePost                  = "update-post"
	PermUploadPricelist             = "upload-pricelist"
)

// PermissionGroup is how the authorization screen groups permissions.
type PermissionGroupDef struct {
	Name        string
	Permissions []string
}

// Catalogue is every permission, by group. Migrations insert what is missing.
var Catalogue = []PermissionGroupDef{
	{"Korisnici", []string{PermViewUser, PermCreateUser, PermUpdateUser, PermViewActivity}},
	{"Proizvodi", []string{PermViewProduct, PermCreateProduct, PermViewProductAttribute, PermViewProductImage,
		PermConnectProduct, PermMapProductsImport, PermViewCategoryDiscountDisplay}},
	{"Kategorije", []string{PermViewCategory, PermCreateCategory, PermConnectCategory, PermViewAttribute, PermViewBrand}},
	{"Cene", []string{PermViewWebMargin, PermCreateWebMargin, PermUpdateWebMargin,
		PermViewRecommendedPrice, PermCreateRecommendedPrice, PermUpdateRecommendedPrice,
		PermViewAuthenticatedDiscount, PermCreateAuthenticatedDiscount, PermUpdateAuthenticatedDiscount,
		PermViewDiscountType}},
	{"Porudžbine", []string{PermViewOrder, PermViewProformaInvoice, PermViewProformaInvoiceInfo}},
	{"Autorizacija", []string{PermViewRole}},
	{"Sadržaj", []string{PermViewNewsletterProductRoute, PermViewNewsletterProduct, PermViewRating, PermViewQuestion,
		PermCreateBanner, PermUpdateBanner, PermUpdateHomePage, PermCreatePost, PermUpdatePost}},
	{"Cenovnici", []string{PermUploadPricelist}},
}

// AllPermissions lists every permission name in catalogue order.
func AllPermissions() []string {
	var out []string
	for _, g := range Catalogue {
		out = append(out, g.Permissions...)
	}
	return out
}
