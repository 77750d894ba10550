package i18n

// contentMessages: banners, news, the home screen and the static pages. Key -> [Serbian, English].
var contentMessages = map[string][2]string{
	"notfound.page": {"Stranica ne postoji ili je izbrisana.", "The page does not exist or has been deleted."},

	"content.product_unknown":  {"Proizvod {id} ne postoji", "The product {id} does not exist"},
	"content.category_unknown": {"Kategorija {id} ne postoji", "The category {id} does not exist"},
	"content.brand_unknown":    {"Brend {id} ne postoji", "The brand {id} does not exist"},
	"content.link_invalid":     {"Link mora početi sa / ili http(s)://", "The link must start with / or http(s)://"},

	"banner.position.home_slider":   {"Početna – slajder", "Home – slider"},
	"banner.position.home_middle":   {"Početna – sredina", "Home – middle"},
	"banner.position.search_top":    {"Pretraga – gornji baner", "Search – top banner"},
	"banner.position.search_bottom": {"Pretraga – donji baner", "Search – bottom banner"},
	"banner.position.category":      {"Stranica kategorije", "Category page"},
	"banner.position.product":       {"Stranica proizvoda", "Product page"},

	"banner.created": {"Baner je uspešno kreiran.", "The banner has been created."},
	"banner.updated": {"Baner je uspešno izmenjen.", "The banner has been updated."},
	"banner.deleted": {"Baner je uspešno obrisan.", "The banner has been deleted."},

	"news.created": {"Vest je uspešno kreirana.", "The news item has been created."},
	"news.updated": {"Vest je uspešno izmenjena.", "The news item has been updated."},
	"news.deleted": {"Vest je uspešno obrisana.", "The news item has been deleted."},

	"home.products_saved":   {"Proizvodi na početnoj strani su sačuvani.", "The home page products have been saved."},
	"home.categories_saved": {"Kategorije na početnoj strani su sačuvane.", "The home page categories have been saved."},
	"section.created":       {"Sekcija je uspešno kreirana.", "The section has been created."},
	"section.updated":       {"Sekcija je uspešno izmenjena.", "The section has been updated."},
	"section.deleted":       {"Sekcija je uspešno obrisana.", "The section has been deleted."},

	"static_page.saved": {"Stranica je uspešno sačuvana.", "The page has been saved."},
}
