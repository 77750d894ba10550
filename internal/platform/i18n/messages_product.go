package i18n

// productMessages: products, their attributes and mass changes. Key -> [Serbian, English].
var productMessages = map[string][2]string{
	"product.created":                {"Proizvod je uspešno kreiran.", "The product has been created."},
	"product.updated":                {"Proizvod je uspešno izmenjen.", "The product has been updated."},
	"product.deleted":                {"Proizvod je uspešno obrisan.", "The product has been deleted."},
	"product.description_updated":    {"Opisi proizvoda su uspešno izmenjeni.", "The product descriptions have been changed."},
	"product.attribute_updated":      {"Atribut proizvoda je uspešno izmenjen.", "The product attribute has been updated."},
	"product.attributes_activated":   {"Atributi proizvoda su uspešno aktivirani.", "The product attributes have been activated."},
	"product.attributes_deactivated": {"Atributi proizvoda su uspešno deaktivirani.", "The product attributes have been deactivated."},
	"product.attribute_added":        {"Atribut je dodat izabranim proizvodima.", "The attribute has been added to the selected products."},
	"product.transfer_missing":       {"Izabrani proizvodi nemaju sledeće atribute kategorije.", "The selected products lack these attributes of the category."},
	"product.transfer_complete":      {"Izabrani proizvodi imaju sve atribute kategorije.", "The selected products have every attribute of the category."},
	"product.transferred":            {"Proizvodi su uspešno prebačeni u kategoriju.", "The products have been moved to the category."},

	"product.select_first":              {"Molimo vas da prvo izaberete proizvode koje želite da menjate", "Please first select the products you want to change"},
	"product.select_first_category":     {"Molimo vas da prvo izaberete proizvode koje želite da menjate i izaberete kategoriju", "Please first select the products you want to change and choose a category"},
	"product.too_many":                  {"Možete izabrati najviše {n} stavki", "You can select at most {n} items"},
	"product.sku_taken":                 {"Šifra je već zauzeta", "The SKU has already been taken"},
	"product.sku_immutable":             {"Šifra proizvoda se ne može menjati", "The product SKU cannot be changed"},
	"product.entry_price_min":           {"Ulazna cena mora biti najmanje 0,01", "The entry price must be at least 0.01"},
	"product.unknown_id":                {"Izabrana vrednost ne postoji", "The selected value does not exist"},
	"product.value_not_of_attribute":    {"Vrednost ne pripada ovom atributu", "The value does not belong to this attribute"},
	"product.attribute_not_in_category": {"Kategorija proizvoda nema ovaj atribut", "The product's category does not have this attribute"},
	"product.range_order":               {"Vrednost 'do' ne može biti manja od vrednosti 'od'", "The 'to' value cannot be less than the 'from' value"},
	"product.date":                      {"Datum mora biti u formatu GGGG-MM-DD", "The date must be in the YYYY-MM-DD format"},

	"notfound.product_attribute":       {"Atribut proizvoda ne postoji ili je izbrisan.", "The product attribute does not exist or has been deleted."},
	"notfound.product_attribute_value": {"Vrednost atributa ne postoji ili je izbrisana.", "The attribute value does not exist or has been deleted."},
}
