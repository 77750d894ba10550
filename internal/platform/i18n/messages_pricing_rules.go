package i18n

// pricingRulesMessages: web margins, recommended prices, authenticated discounts and the
// category web margins screen. Key -> [Serbian, English].
var pricingRulesMessages = map[string][2]string{
	"pricing_rules.unknown_category":     {"Izabrana kategorija ne postoji", "The selected category does not exist"},
	"pricing_rules.unknown_supplier":     {"Izabrani dobavljač ne postoji", "The selected supplier does not exist"},
	"pricing_rules.unknown_brand":        {"Izabrani brend ne postoji", "The selected brand does not exist"},
	"pricing_rules.unknown_manufacturer": {"Izabrani proizvođač ne postoji", "The selected manufacturer does not exist"},
	"pricing_rules.price_range":          {"Cena do mora biti veća ili jednaka ceni od", "Price to must be greater than or equal to price from"},

	"web_margin.created": {"Web marža je uspešno kreirana.", "The web margin has been created."},
	"web_margin.updated": {"Web marža je uspešno izmenjena.", "The web margin has been updated."},
	"web_margin.deleted": {"Web marža je uspešno obrisana.", "The web margin has been deleted."},

	"recommended_price.created": {"Preporučena cena je uspešno kreirana.", "The recommended price has been created."},
	"recommended_price.updated": {"Preporučena cena je uspešno izmenjena.", "The recommended price has been updated."},
	"recommended_price.deleted": {"Preporučena cena je uspešno obrisana.", "The recommended price has been deleted."},

	"logged_discount.created": {"Popust za ulogovane je uspešno kreiran.", "The logged-in discount has been created."},
	"logged_discount.updated": {"Popust za ulogovane je uspešno izmenjen.", "The logged-in discount has been updated."},
	"logged_discount.deleted": {"Popust za ulogovane je uspešno obrisan.", "The logged-in discount has been deleted."},

	"validation.duplicate_row": {"Ista kategorija je navedena više puta", "The same category is listed more than once"},
	"category_margins.updated": {"Marže kategorija su uspešno sačuvane.", "The category margins have been saved."},
}
