package i18n

// pricelistLinkMessages: category linking, product linking and the products import.
// Key -> [Serbian, English].
var pricelistLinkMessages = map[string][2]string{
	"notfound.category_link": {"Veza kategorija ne postoji ili je izbrisana.", "The category link does not exist or has been deleted."},

	"category_link.already_connected": {"Kategorije su već povezane", "The categories are already connected"},
	"category_link.unknown":           {"Izabrana vrednost ne postoji", "The selected value does not exist"},
	"category_link.created":           {"Kategorije su uspešno povezane", "The categories have been connected"},
	"category_link.deleted":           {"Kategorije su uspešno razdvojene", "The categories have been disconnected"},

	"product_link.select_first": {"Prvo izaberite dobavljača ili kategoriju", "First select a supplier or category"},
	"product_link.connected":    {"Proizvod je uspešno povezan", "The product has been connected"},

	"products_import.queued":        {"Uvoz proizvoda je pokrenut. Dobićete obaveštenje kada se završi.", "The products import has started. You will be notified when it finishes."},
	"products_import.nothing":       {"Nema nepovezanih proizvoda dobavljača za uvoz", "There are no unconnected supplier products to import"},
	"products_import.too_many_skus": {"Može se izabrati najviše {n} proizvoda", "At most {n} products can be chosen"},
	"products_import.finished":      {"Uvoz proizvoda u kategoriju {category} je završen. Kreirano proizvoda: {created}.", "The products import into the category {category} has finished. Products created: {created}."},
	"products_import.failed":        {"Uvoz proizvoda nije uspeo: {error}", "The products import failed: {error}"},
}
