package identity

//go:generate go run ../../tools/permgen -src permissions.go -out ../../web-shared/src/permissions.ts

// Permission and role names exactly as the specifications spell them (typos included:
// udpate-web-margin, view_newsletter-product); routes and the admin guard by these.
// The specification names the guards of screens; the write permissions in the second block
// are the shop's own, so that a role that may only look at a screen cannot change it.
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

	PermUpdateProduct             = "update-product"
	PermDeleteProduct             = "delete-product"
	PermUpdateProductAttribute    = "update-product-attribute"
	PermUpdateProductImage        = "update-product-image"
	PermUpdateCategory            = "update-category"
	PermDeleteCategory            = "delete-category"
	PermCreateAttribute           = "create-attribute"
	PermUpdateAttribute           = "update-attribute"
	PermDeleteAttribute           = "delete-attribute"
	PermCreateBrand               = "create-brand"
	PermUpdateBrand               = "update-brand"
	PermDeleteBrand               = "delete-brand"
	PermUpdateCatalogSticker      = "update-catalog-sticker"
	PermUpdateAction              = "update-action"
	PermCreateDiscountType        = "create-discount-type"
	PermUpdateDiscountType        = "update-discount-type"
	PermDeleteDiscountType        = "delete-discount-type"
	PermCreateDiscount            = "create-discount"
	PermUpdateDiscount            = "update-discount"
	PermDeleteDiscount            = "delete-discount"
	PermUpdateOrder               = "update-order"
	PermCreateProformaInvoice     = "create-proforma-invoice"
	PermUpdateProformaInvoice     = "update-proforma-invoice"
	PermUpdateProformaInvoiceInfo = "update-proforma-invoice-info"
	PermDeleteUser                = "delete-user"
	PermCreateRole                = "create-role"
	PermUpdateRole                = "update-role"
	PermDeleteRole                = "delete-role"
	PermUpdateNewsletterProduct   = "update-newsletter-product"
	PermUpdateRating              = "update-rating"
	PermDeleteRating              = "delete-rating"
	PermUpdateQuestion            = "update-question"
	PermDeleteQuestion            = "delete-question"
	PermDeleteBanner              = "delete-banner"
	PermDeletePost                = "delete-post"
	PermCreateLandingPage         = "create-landing-page"
	PermUpdateLandingPage         = "update-landing-page"
	PermDeleteLandingPage         = "delete-landing-page"
	PermCreateAPIClient           = "create-api-client"
	PermUpdateAPIClient           = "update-api-client"
	PermUpdateEponuda             = "update-eponuda"
	// The contact page's messages (the specification has no such screen): read, and delete.
	PermViewContactMessage   = "view-contact-message"
	PermDeleteContactMessage = "delete-contact-message"
)

// PermissionGroupDef is how the authorization screen groups permissions.
type PermissionGroupDef struct {
	Name        string
	Permissions []string
}

// Catalogue is every permission, by group. Migrations insert what is missing.
var Catalogue = []PermissionGroupDef{
	{"Korisnici", []string{PermViewUser, PermCreateUser, PermUpdateUser, PermDeleteUser, PermViewActivity}},
	{"Proizvodi", []string{PermViewProduct, PermCreateProduct, PermUpdateProduct, PermDeleteProduct,
		PermViewProductAttribute, PermUpdateProductAttribute, PermViewProductImage, PermUpdateProductImage,
		PermConnectProduct, PermMapProductsImport, PermViewCategoryDiscountDisplay, PermUpdateAction,
		PermUpdateCatalogSticker, PermUpdateEponuda}},
	{"Kategorije", []string{PermViewCategory, PermCreateCategory, PermUpdateCategory, PermDeleteCategory,
		PermConnectCategory, PermViewAttribute, PermCreateAttribute, PermUpdateAttribute, PermDeleteAttribute,
		PermViewBrand, PermCreateBrand, PermUpdateBrand, PermDeleteBrand}},
	{"Cene", []string{PermViewWebMargin, PermCreateWebMargin, PermUpdateWebMargin,
		PermViewRecommendedPrice, PermCreateRecommendedPrice, PermUpdateRecommendedPrice,
		PermViewAuthenticatedDiscount, PermCreateAuthenticatedDiscount, PermUpdateAuthenticatedDiscount,
		PermViewDiscountType, PermCreateDiscountType, PermUpdateDiscountType, PermDeleteDiscountType,
		PermCreateDiscount, PermUpdateDiscount, PermDeleteDiscount}},
	{"Porudžbine", []string{PermViewOrder, PermUpdateOrder, PermViewProformaInvoice, PermCreateProformaInvoice,
		PermUpdateProformaInvoice, PermViewProformaInvoiceInfo, PermUpdateProformaInvoiceInfo}},
	{"Autorizacija", []string{PermViewRole, PermCreateRole, PermUpdateRole, PermDeleteRole}},
	{"Sadržaj", []string{PermViewNewsletterProductRoute, PermViewNewsletterProduct, PermUpdateNewsletterProduct,
		PermViewRating, PermUpdateRating, PermDeleteRating, PermViewQuestion, PermUpdateQuestion, PermDeleteQuestion,
		PermCreateBanner, PermUpdateBanner, PermDeleteBanner, PermUpdateHomePage, PermCreatePost, PermUpdatePost,
		PermDeletePost, PermViewContactMessage, PermDeleteContactMessage}},
	{"Cenovnici", []string{PermUploadPricelist, PermCreateLandingPage, PermUpdateLandingPage, PermDeleteLandingPage,
		PermCreateAPIClient, PermUpdateAPIClient}},
}

// AllPermissions lists every permission name in catalogue order.
func AllPermissions() []string {
	var out []string
	for _, g := range Catalogue {
		out = append(out, g.Permissions...)
	}
	return out
}
