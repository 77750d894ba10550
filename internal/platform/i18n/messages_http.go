package i18n

// httpMessages are the request layer's: input refused before any handler reads it.
var httpMessages = map[string][2]string{
	"validation.control_chars": {"Polje sadrži nedozvoljene kontrolne znakove", "The field contains control characters that are not allowed"},
	// The link on the refusal page of a page the browser opens (the queue monitor).
	"page.admin_login": {"Prijava u administraciju", "Sign in to the administration"},
	// A signed-in person refused there is sent back to the admin, not to a login.
	"page.forbidden":      {"Nemate dozvolu za ovu stranicu", "You may not open this page"},
	"page.forbidden_text": {"Praćenje redova poslova otvara samo super-admin.", "Only a super-admin opens the job queue monitor."},
	"page.admin_back":     {"Nazad u administraciju", "Back to the administration"},
	"error.media_type":    {"Vrsta sadržaja zahteva nije podržana (dozvoljeni su application/json i multipart/form-data).", "The request's content type is not supported (application/json and multipart/form-data are allowed)."},
}
