package i18n

// feedsMessages: the public feeds' export, API clients (partners) and the products export.
// Key -> [Serbian, English].
var feedsMessages = map[string][2]string{
	"feeds.export_failed": {"Izvoz feed-ova (e-ponuda, Google) nije uspeo; i dalje se služe prethodni fajlovi.",
		"The feed export (e-ponuda, Google) failed; the previous files are still served."},
	"feeds.export_queued": {"Izvoz feed-ova je pokrenut; novi fajlovi se služe za nekoliko minuta.",
		"The feed export has started; the new files are served within a few minutes."},

	"notfound.api_client":    {"API klijent ne postoji ili je izbrisan.", "The API client does not exist or has been deleted."},
	"api_client.created":     {"API klijent je uspešno dodat.", "The API client has been added."},
	"api_client.updated":     {"API klijent je uspešno izmenjen.", "The API client has been updated."},
	"api_client.activated":   {"API klijent je aktiviran.", "The API client has been activated."},
	"api_client.deactivated": {"API klijent je deaktiviran.", "The API client has been deactivated."},
	"api_client.rotated":     {"Napravljen je novi URL API klijenta; stari više ne važi.", "A new URL has been made for the API client; the old one no longer works."},
	"api_client.rate_limited": {"Previše zahteva. Pokušajte ponovo za {seconds} sekundi.",
		"Too many requests. Please try again in {seconds} seconds."},
	"api_client.unknown_category": {"Izabrana kategorija ne postoji", "The selected category does not exist"},

	"notfound.products_export":  {"Izvoz proizvoda ne postoji ili je izbrisan.", "The products export does not exist or has been deleted."},
	"products_export.queued":    {"Izvoz proizvoda je pokrenut. Dobićete obaveštenje kada se završi.", "The products export has started. You will be notified when it finishes."},
	"products_export.finished":  {"Izvoz proizvoda „{name}” je završen. Proizvoda: {rows}.", "The products export \"{name}\" has finished. Products: {rows}."},
	"products_export.failed":    {"Izvoz proizvoda „{name}” nije uspeo: {error}", "The products export \"{name}\" failed: {error}"},
	"products_export.not_ready": {"Izvoz proizvoda još nije završen.", "The products export has not finished yet."},
}
