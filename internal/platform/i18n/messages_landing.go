package i18n

// landingMessages: the actions (catalog sticker types) and landing pages. Key -> [Serbian, English].
var landingMessages = map[string][2]string{
	"notfound.landing_page": {"Landing stranica ne postoji ili je izbrisana.", "The landing page does not exist or has been deleted."},
	"notfound.action":       {"Akcija ne postoji ili je izbrisana.", "The action does not exist or has been deleted."},

	"catalog_sticker_type.created":    {"Akcija je uspešno kreirana.", "The action has been created."},
	"catalog_sticker_type.updated":    {"Akcija je uspešno izmenjena.", "The action has been updated."},
	"catalog_sticker_type.slug":       {"Slug mora sadržati bar jedno slovo ili broj", "The slug must contain at least one letter or digit"},
	"catalog_sticker_type.slug_taken": {"Akcija sa ovim slugom već postoji", "An action with this slug already exists"},

	"landing.created":             {"Landing stranica je uspešno kreirana.", "The landing page has been created."},
	"landing.updated":             {"Landing stranica je uspešno izmenjena.", "The landing page has been updated."},
	"landing.deleted":             {"Landing stranica je uspešno obrisana.", "The landing page has been deleted."},
	"landing.link":                {"Link mora početi sa / ili http(s)://", "The link must start with / or http(s)://"},
	"landing.categories_required": {"Izaberite bar jednu kategoriju", "Choose at least one category"},
	"landing.category_unknown":    {"Izabrana kategorija ne postoji", "A selected category does not exist"},
	"landing.product_unknown":     {"Izabrani proizvod ne postoji", "A selected product does not exist"},
	"landing.model.1":             {"Akcija sa proizvodima", "Action with products"},
	"landing.model.2":             {"Baner, četiri kartice i proizvodi", "Banner, four cards and products"},
	"landing.model.3":             {"Baner i kategorije", "Banner and categories"},
}

// formMessages: the multipart forms' own errors.
var formMessages = map[string][2]string{
	"error.multipart":       {"Telo zahteva nije ispravan multipart obrazac.", "The request body is not a valid multipart form."},
	"error.method_override": {"Izmena se šalje kao POST sa _method={method}", "An update is sent as POST with _method={method}"},
}

// landingLoadMessages: every landing page answer carries a message (spec 7), loads too.
var landingLoadMessages = map[string][2]string{
	"landing.models_loaded": {"Rasporedi su učitani.", "The layouts have been loaded."},
	"landing.list_loaded":   {"Landing stranice su učitane.", "The landing pages have been loaded."},
	"landing.loaded":        {"Landing stranica je učitana.", "The landing page has been loaded."},
}
