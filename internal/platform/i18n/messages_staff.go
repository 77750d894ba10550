package i18n

// staffMessages: roles and permissions, deactivating and deleting users, the newsletter.
// Key -> [Serbian, English].
var staffMessages = map[string][2]string{
	"role.created":    {"Uloga je uspešno kreirana.", "The role has been created."},
	"role.updated":    {"Uloga je uspešno izmenjena.", "The role has been updated."},
	"role.deleted":    {"Uloga je uspešno obrisana.", "The role has been deleted."},
	"role.name_taken": {"Uloga sa ovim nazivom već postoji", "A role with this name already exists"},
	"role.in_use":     {"Uloga se ne može obrisati: dodeljena je korisnicima ({count}).", "The role cannot be deleted: users hold it ({count})."},
	"role.fixed":      {"Uloge super-admin i customer se ne mogu menjati ni brisati.", "The super-admin and customer roles cannot be changed or deleted."},

	"user.deleted":          {"Korisnik je uspešno obrisan.", "The user has been deleted."},
	"user.deactivated":      {"Korisnik je deaktiviran.", "The user has been deactivated."},
	"user.reactivated":      {"Korisnik je ponovo aktiviran.", "The user has been reactivated."},
	"user.self":             {"Ne možete obrisati ni deaktivirati sopstveni nalog.", "You cannot delete or deactivate your own account."},
	"user.last_super_admin": {"Poslednji super-admin se ne može obrisati ni deaktivirati.", "The last super-admin cannot be deleted or deactivated."},
	"auth.deactivated":      {"Nalog je deaktiviran.", "The account has been deactivated."},

	"newsletter.subscribed":       {"Proverite e-mail i potvrdite prijavu na newsletter.", "Check your e-mail and confirm your newsletter subscription."},
	"newsletter.confirmed":        {"Uspešno ste se prijavili na newsletter.", "You have subscribed to the newsletter."},
	"newsletter.unsubscribed":     {"Uspešno ste se odjavili sa newsletter-a.", "You have unsubscribed from the newsletter."},
	"newsletter.invalid_link":     {"Link je neispravan ili je istekao.", "The link is invalid or has expired."},
	"newsletter.too_many":         {"Previše pokušaja. Pokušajte ponovo za {seconds} sekundi.", "Too many attempts. Please try again in {seconds} seconds."},
	"newsletter.confirm_subject":  {"Potvrdite prijavu na newsletter", "Confirm your newsletter subscription"},
	"newsletter.confirm_body":     {"Zdravo,\n\nza potvrdu prijave na newsletter otvorite link:\n{link}\n\nAko se niste vi prijavili, zanemarite ovu poruku.\n\nOdjava: {unsubscribe}", "Hello,\n\nto confirm your newsletter subscription open:\n{link}\n\nIf you did not subscribe, ignore this message.\n\nUnsubscribe: {unsubscribe}"},
	"newsletter.product_added":    {"Proizvod je dodat u newsletter.", "The product has been added to the newsletter."},
	"newsletter.product_removed":  {"Proizvod je uklonjen iz newsletter-a.", "The product has been removed from the newsletter."},
	"newsletter.products_ordered": {"Redosled proizvoda je sačuvan.", "The products' order has been saved."},
	"newsletter.product_unknown":  {"Proizvod ne postoji ili je izbrisan.", "The product does not exist or has been deleted."},
	"newsletter.products_max":     {"Newsletter može imati najviše {n} proizvoda.", "The newsletter may have at most {n} products."},
	"newsletter.order_mismatch":   {"Lista proizvoda je u međuvremenu izmenjena. Osvežite stranicu.", "The product list has changed meanwhile. Reload the page."},
}
