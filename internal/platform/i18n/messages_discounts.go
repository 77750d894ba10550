package i18n

// discountMessages: discount types, product discounts (actions), the mass discount job and the
// Actions page. Key -> [Serbian, English]. The Actions page's two texts are the specification's
// English ones in both languages (it gives no Serbian wording, as for 'Unauthorized').
var discountMessages = map[string][2]string{
	"notfound.discount_mass_run": {"Masovno dodavanje akcija ne postoji ili je izbrisano.", "The mass discount does not exist or has been deleted."},

	"discount_type.created": {"Tip popusta je uspešno kreiran.", "The discount type has been created."},
	"discount_type.updated": {"Tip popusta je uspešno izmenjen.", "The discount type has been updated."},
	"discount_type.deleted": {"Tip popusta je uspešno obrisan.", "The discount type has been deleted."},
	"discount_type.in_use":  {"Tip popusta koristi {count} akcija i ne može biti obrisan.", "{count} discounts use this discount type; it cannot be deleted."},

	"discount.created":             {"Akcija je uspešno dodata.", "The discount has been added."},
	"discount.updated":             {"Akcija je uspešno izmenjena.", "The discount has been updated."},
	"discount.deleted":             {"Akcija je uspešno obrisana.", "The discount has been deleted."},
	"discount.dealer_price_set":    {"Dilerska cena akcije je sačuvana.", "The action's dealer price has been saved."},
	"discount.type_required":       {"Tip popusta je obavezno polje", "The discount type is required"},
	"discount.type_unknown":        {"Tip popusta ne postoji", "The discount type does not exist"},
	"discount.price_required":      {"Fiksna akcijska cena je obavezno polje", "The fixed action price is required"},
	"discount.price_min":           {"Cena mora biti najmanje 0,01", "The price must be at least 0.01"},
	"discount.percentage_required": {"Procenat popusta je obavezno polje", "The discount percentage is required"},
	"discount.percentage_range":    {"Procenat popusta mora biti između 0,01 i 99,99", "The discount percentage must be between 0.01 and 99.99"},
	"discount.from_required":       {"Početak akcije je obavezan", "The action start is required"},
	"discount.to_required":         {"Završetak akcije je obavezan", "The action end is required"},
	"discount.date":                {"Datum mora biti u obliku GGGG-MM-DD", "The date must be YYYY-MM-DD"},
	"discount.to_before_from":      {"Završetak akcije ne može biti pre početka", "The action cannot end before it starts"},
	"discount.overlap":             {"Proizvod već ima akciju od {from} do {to}; akcije jednog proizvoda se ne smeju preklapati.", "The product already has a discount from {from} to {to}; a product's discounts may not overlap."},
	"discount.mass_queued":         {"Dodavanje akcije izabranim proizvodima je pokrenuto. Dobićete obaveštenje kada se završi.", "Adding the discount to the selected products has started. You will be notified when it is done."},
	"discount.mass_done":           {"Akcija je dodata na {count} proizvoda; preskočeno zbog preklapanja sa postojećom akcijom: {skipped}.", "The discount was added to {count} products; skipped for an overlapping discount: {skipped}."},
	"discount.mass_failed":         {"Masovno dodavanje akcije nije uspelo: {error}", "The mass discount failed: {error}"},

	"actions.search_required": {"Choose category and discount type for search.", "Choose category and discount type for search."},
	"actions.select_first":    {"Izaberite akcije koje želite da menjate", "Choose the discounts to change"},
	"actions.too_many":        {"Najviše {n} akcija odjednom", "At most {n} discounts at once"},
	"actions.unknown":         {"Neke od izabranih akcija ne postoje", "Some of the chosen discounts do not exist"},
	"actions.to_past":         {"Novi završetak akcije ne može biti u prošlosti", "The new end cannot be in the past"},
	"actions.to_before_from":  {"Novi završetak je pre početka akcije ({from})", "The new end is before a discount's start ({from})"},
	"actions.ended":           {"Završeno akcija: {changed}, obrisano akcija koje još nisu počele: {deleted}.", "Discounts ended: {changed}; not yet started and deleted: {deleted}."},
	"actions.extended":        {"Produženo akcija: {changed}; preskočeno zbog preklapanja: {skipped}.", "Discounts extended: {changed}; skipped for an overlap: {skipped}."},
}
