package api

import (
	"encoding/json"

	"shop/internal/identity"
)

// taxonomyRoutes: categories, attributes and their values, brands, the lookup lists.
//
// Guards: the specification names view-category and create-category for categories,
// view-attribute and view-brand for the other two screens; changing and deleting use the
// shop's update-/delete- permissions of each (create-attribute, update-brand, ...). The lookup lists that the product list's filter panel
// and the product form read (categories, attributes' values such as the manufacturers,
// brands) also admit view-product, as the supplier list does (discount types: pricing_discounts.go);
// categories, attributes' values and brands also admit the pricing rules' editors (their forms' pickers).
func taxonomyRoutes(d Deps) []Route {
	c := categoryHandlers{d.Catalog}
	a := attributeHandlers{d.Catalog}
	b := brandHandlers{d.Catalog}
	l := lookupHandlers{d.Catalog}
	viewCategory := withRuleEditors(identity.PermViewCategory, identity.PermViewProduct)
	editCategory := []string{identity.PermUpdateCategory}
	attrRead := withRuleEditors(identity.PermViewAttribute, identity.PermViewProduct)
	brandRead := withRuleEditors(identity.PermViewBrand, identity.PermViewProduct)
	return []Route{
		{Method: "GET", Path: "/categories", Handler: c.storeList},
		{Method: "GET", Path: "/categories/:slug/declaration", Handler: c.declaration},

		{Method: "GET", Path: "/admin/categories", Handler: c.list, Auth: true, Permissions: viewCategory},
		{Method: "POST", Path: "/admin/categories", Handler: c.create, Auth: true, Permissions: []string{identity.PermCreateCategory}},
		{Method: "GET", Path: "/admin/categories/:id", Handler: c.get, Auth: true, Permissions: []string{identity.PermViewCategory}},
		{Method: "PATCH", Path: "/admin/categories/:id", Handler: c.update, Auth: true, Permissions: editCategory},
		{Method: "DELETE", Path: "/admin/categories/:id", Handler: c.delete, Auth: true, Permissions: []string{identity.PermDeleteCategory}},
		{Method: "POST", Path: "/admin/categories/:id/image", Handler: c.image, Auth: true, Permissions: editCategory},
		{Method: "GET", Path: "/admin/categories/:id/attributes", Handler: c.attributes, Auth: true, Permissions: []string{identity.PermViewCategory}},
		{Method: "POST", Path: "/admin/categories/:id/attributes", Handler: c.attach, Auth: true, Permissions: editCategory},
		{Method: "POST", Path: "/admin/categories/:id/attributes-new", Handler: c.createAttribute, Auth: true, Permissions: editCategory},
		{Method: "PATCH", Path: "/admin/categories/:id/attributes/:attributeId", Handler: c.updateAttribute, Auth: true, Permissions: editCategory},
		{Method: "DELETE", Path: "/admin/categories/:id/attributes/:attributeId", Handler: c.detachAttribute, Auth: true, Permissions: editCategory},

		{Method: "GET", Path: "/admin/attributes", Handler: a.list, Auth: true, Permissions: attrRead},
		{Method: "POST", Path: "/admin/attributes", Handler: a.create, Auth: true, Permissions: []string{identity.PermCreateAttribute}},
		{Method: "PATCH", Path: "/admin/attributes/:id", Handler: a.update, Auth: true, Permissions: []string{identity.PermUpdateAttribute}},
		{Method: "GET", Path: "/admin/attributes/:id/values", Handler: a.values, Auth: true, Permissions: attrRead},
		{Method: "POST", Path: "/admin/attributes/:id/values", Handler: a.createValue, Auth: true, Permissions: []string{identity.PermUpdateAttribute}},
		{Method: "PATCH", Path: "/admin/attributes/:id/values/:valueId", Handler: a.updateValue, Auth: true, Permissions: []string{identity.PermUpdateAttribute}},
		{Method: "DELETE", Path: "/admin/attributes/:id/values/:valueId", Handler: a.deleteValue, Auth: true, Permissions: []string{identity.PermDeleteAttribute}},

		{Method: "GET", Path: "/admin/brands", Handler: b.list, Auth: true, Permissions: brandRead},
		{Method: "POST", Path: "/admin/brands", Handler: b.create, Auth: true, Permissions: []string{identity.PermCreateBrand}},
		{Method: "PATCH", Path: "/admin/brands/:id", Handler: b.update, Auth: true, Permissions: []string{identity.PermUpdateBrand}},
		{Method: "DELETE", Path: "/admin/brands/:id", Handler: b.delete, Auth: true, Permissions: []string{identity.PermDeleteBrand}},

		{Method: "GET", Path: "/admin/catalog-sticker-types", Handler: l.catalogStickerTypes, Auth: true, Permissions: stickerTypeReaders},
	}
}

// optionalID is a JSON id that can be absent (unchanged), null or 0 (none), or a number.
type optionalID struct {
	Set bool
	ID  *uint64
}

func (o *optionalID) UnmarshalJSON(b []byte) error {
	o.Set = true
	if string(b) == "null" {
		o.ID = nil
		return nil
	}
	var v uint64
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	if v != 0 {
		o.ID = &v
	}
	return nil
}
