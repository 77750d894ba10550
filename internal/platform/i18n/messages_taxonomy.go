package i18n

// taxonomyMessages: categories, attributes, brands and lookup lists. Key -> [Serbian, English].
var taxonomyMessages = map[string][2]string{
	"notfound.attribute":            {"Atribut ne postoji ili je izbrisan.", "The attribute does not exist or has been deleted."},
	"notfound.attribute_value":      {"Vrednost atributa ne postoji ili je izbrisana.", "The attribute value does not exist or has been deleted."},
	"notfound.category_attribute":   {"Atribut kategorije ne postoji ili je izbrisan.", "The category attribute does not exist or has been deleted."},
	"notfound.brand":                {"Brend ne postoji ili je izbrisan.", "The brand does not exist or has been deleted."},
	"notfound.discount_type":        {"Tip popusta ne postoji ili je izbrisan.", "The discount type does not exist or has been deleted."},
	"notfound.catalog_sticker_type": {"Tip kataloške nalepnice ne postoji ili je izbrisan.", "The catalog sticker type does not exist or has been deleted."},

	"validation.letters":           {"Polje može sadržati samo slova", "The field may contain letters only"},
	"validation.category_parent":   {"Izabrana nadređena kategorija ne postoji", "The selected parent category does not exist"},
	"validation.category_cycle":    {"Kategorija ne može biti podkategorija same sebe", "A category cannot be placed under itself"},
	"validation.category_depth":    {"Stablo kategorija može imati najviše {n} nivoa", "The category tree may have at most {n} levels"},
	"validation.attribute_taken":   {"Atribut sa ovim nazivom već postoji", "An attribute with this name already exists"},
	"validation.attribute_unknown": {"Atribut ne postoji", "The attribute does not exist"},
	"validation.value_taken":       {"Ova vrednost atributa već postoji", "This attribute value already exists"},
	"validation.brand_taken":       {"Brend sa ovim nazivom već postoji", "A brand with this name already exists"},

	"category.created":           {"Kategorija je uspešno kreirana.", "The category has been created."},
	"category.updated":           {"Kategorija je uspešno izmenjena.", "The category has been updated."},
	"category.deleted":           {"Kategorija je uspešno obrisana.", "The category has been deleted."},
	"category.image_updated":     {"Slika kategorije je uspešno sačuvana.", "The category image has been saved."},
	"category.has_products":      {"Kategorija ima proizvode i ne može biti obrisana.", "The category has products and cannot be deleted."},
	"category.has_subcategories": {"Kategorija ima podkategorije i ne može biti obrisana.", "The category has subcategories and cannot be deleted."},

	"category_attribute.attached": {"Atributi su uspešno dodati kategoriji.", "The attributes have been added to the category."},
	"category_attribute.created":  {"Atribut je uspešno kreiran i dodat kategoriji.", "The attribute has been created and added to the category."},
	"category_attribute.updated":  {"Atribut kategorije je uspešno izmenjen.", "The category attribute has been updated."},
	"category_attribute.deleted":  {"Atribut je uspešno uklonjen iz kategorije.", "The attribute has been removed from the category."},

	"attribute.created": {"Atribut je uspešno kreiran.", "The attribute has been created."},
	"attribute.updated": {"Atribut je uspešno izmenjen.", "The attribute has been updated."},

	"attribute_value.created": {"Vrednost atributa je uspešno kreirana.", "The attribute value has been created."},
	"attribute_value.updated": {"Vrednost atributa je uspešno izmenjena.", "The attribute value has been updated."},
	"attribute_value.deleted": {"Vrednost atributa je uspešno obrisana.", "The attribute value has been deleted."},
	"attribute_value.in_use":  {"Vrednost atributa koriste proizvodi i ne može biti obrisana.", "Products use this attribute value; it cannot be deleted."},

	"brand.created": {"Brend je uspešno kreiran.", "The brand has been created."},
	"brand.updated": {"Brend je uspešno izmenjen.", "The brand has been updated."},
	"brand.deleted": {"Brend je uspešno obrisan.", "The brand has been deleted."},
	"brand.in_use":  {"Brend koriste proizvodi i ne može biti obrisan.", "Products use this brand; it cannot be deleted."},
}
