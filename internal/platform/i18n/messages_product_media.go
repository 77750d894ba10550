package i18n

// productMediaMessages: product images and stickers. Key -> [Serbian, English].
var productMediaMessages = map[string][2]string{
	"notfound.product_image":   {"Slika ne postoji ili je izbrisana.", "The image does not exist or has been deleted."},
	"notfound.catalog_sticker": {"Katalog nalepnica ne postoji ili je izbrisana.", "The catalog sticker does not exist or has been deleted."},

	"product_image.max_extra":   {"Možete dodati najviše {n} slike", "You can upload max {n} photos"},
	"product_image.created":     {"Slike su uspešno dodate.", "The photos have been added."},
	"product_image.main_stored": {"Glavna slika je uspešno sačuvana.", "The main photo has been saved."},
	"product_image.updated":     {"Slika je uspešno izmenjena.", "The photo has been updated."},
	"product_image.deleted":     {"Slika je uspešno obrisana.", "The photo has been deleted."},
	"product_image.store_unavailable": {"Skladište slika trenutno nije dostupno, slika nije sačuvana. Pokušajte ponovo za nekoliko minuta.",
		"The image store is unavailable at the moment; the photo has not been saved. Please try again in a few minutes."},

	"energy_sticker.stored":  {"Nalepnica energetske vrednosti je uspešno sačuvana.", "The energy label has been saved."},
	"energy_sticker.deleted": {"Nalepnica energetske vrednosti je uspešno obrisana.", "The energy label has been deleted."},
	"energy_sticker.queued":  {"Nalepnica se dodaje izabranim proizvodima u pozadini.", "The label is being added to the selected products in the background."},

	"catalog_sticker.type_required":  {"Tip akcije je obavezan", "The action type is required"},
	"catalog_sticker.from_required":  {"Početak akcije je obavezan", "The action start is required"},
	"catalog_sticker.to_required":    {"Završetak akcije je obavezan", "The action end is required"},
	"catalog_sticker.type_unknown":   {"Tip akcije ne postoji", "The action type does not exist"},
	"catalog_sticker.date":           {"Datum mora biti u formatu GGGG-MM-DD", "The date must be in the format YYYY-MM-DD"},
	"catalog_sticker.to_before_from": {"Završetak akcije ne može biti pre početka", "The action cannot end before it starts"},
	"catalog_sticker.stored":         {"Katalog nalepnica je uspešno sačuvana.", "The catalog sticker has been saved."},
	"catalog_sticker.deleted":        {"Katalog nalepnica je uspešno obrisana.", "The catalog sticker has been deleted."},
	"catalog_sticker.queued":         {"Nalepnice se dodaju u pozadini.", "The stickers are being added in the background."},

	// The notifications that end the mass sticker jobs (data.message; the admin renders its own
	// text from data.job, data.count and data.error).
	"catalog_sticker.note_done":   {"Katalog nalepnica je dodata na {count} proizvoda.", "The catalog sticker has been added to {count} products."},
	"catalog_sticker.note_failed": {"Dodavanje katalog nalepnica nije uspelo: {error}", "Adding the catalog stickers failed: {error}"},
	"energy_sticker.note_done":    {"Nalepnica energetske vrednosti je postavljena na {count} proizvoda.", "The energy label has been set on {count} products."},
	"energy_sticker.note_failed":  {"Postavljanje nalepnica energetske vrednosti nije uspelo: {error}", "Setting the energy labels failed: {error}"},

	"product_media.select_first": {"Molimo vas da prvo izaberete proizvode koje želite da menjate", "Please select the products you want to change first"},
}
