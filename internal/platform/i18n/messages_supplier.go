package i18n

// supplierMessages: suppliers, their products and the activity log. Key -> [Serbian, English].
var supplierMessages = map[string][2]string{
	"notfound.supplier":         {"Dobavljač ne postoji ili je izbrisan.", "The supplier does not exist or has been deleted."},
	"notfound.supplier_product": {"Proizvod dobavljača ne postoji ili je izbrisan.", "The supplier's product does not exist or has been deleted."},

	"supplier.name_taken":                {"Dobavljač sa ovim imenom već postoji", "A supplier with this name already exists"},
	"supplier.product_already_connected": {"Proizvod dobavljača je već povezan sa drugim proizvodom", "The supplier's product is already connected to another product"},
	"supplier.shop_product_taken":        {"Proizvod je već povezan sa drugim proizvodom dobavljača", "The product is already connected to another supplier product"},
	"supplier.disconnected":              {"Proizvod je uspešno razdvojen", "The product has been disconnected"},

	"activity.date":       {"Datum mora biti u formatu GGGG-MM-DD", "The date must be in the format YYYY-MM-DD"},
	"activity.date_order": {"Datum do ne može biti pre datuma od", "The end date cannot be before the start date"},
}
