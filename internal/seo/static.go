package seo

import "shop/internal/platform/i18n"

// StaticPages are the storefront's static page slugs (the route is '/' + slug) with their
// titles in Serbian and English: the meta's fallback when the content service has no page
// under the slug yet (the editable page's own title wins when it exists).
var StaticPages = []struct{ Slug, SR, EN string }{
	{"uslovi-isporuke", "Uslovi isporuke", "Delivery terms"},
	{"uslovi-koriscenja", "Uslovi korišćenja", "Terms of use"},
	{"politika-privatnosti", "Politika privatnosti", "Privacy policy"},
	{"prava-potrosaca", "Prava potrošača", "Consumer rights"},
	{"obrazac-za-reklamaciju", "Obrazac za reklamaciju", "Complaint form"},
	{"obrazac-za-raskid-ugovora", "Obrazac za raskid ugovora", "Contract withdrawal form"},
	{"pomoc-i-online-kupovina", "Pomoć i online kupovina", "Help and online shopping"},
	{"nacini-placanja", "Načini plaćanja", "Payment methods"},
	{"placanje-na-rate", "Plaćanje na rate", "Paying in instalments"},
	{"placanje-gotovinom", "Plaćanje gotovinom", "Paying in cash"},
	{"beskamatni-cekovi", "Beskamatni čekovi", "Interest-free cheques"},
	{"placanje-platnim-karticama", "Plaćanje platnim karticama", "Paying by card"},
	{"povracaj-pdv-a", "Povraćaj PDV-a", "VAT refund"},
	{"servis", "Servis", "Service"},
	{"servis-laptopova", "Servis laptopova", "Laptop repair"},
	{"servis-racunara", "Servis računara", "Computer repair"},
	{"servis-stampaca", "Servis štampača", "Printer repair"},
	{"servis-monitora", "Servis monitora", "Monitor repair"},
	{"servis-racunarskih-mreza", "Servis računarskih mreža", "Computer network service"},
	{"servis-kontakt", "Servis – kontakt", "Service – contact"},
	{"o-nama", "O nama", "About us"},
	{"kontakt", "Kontakt", "Contact"},
	{"zaposlenje", "Zaposlenje", "Jobs"},
	{"otvorene-pozicije", "Otvorene pozicije", "Open positions"},
	{"web-kredit", "Web kredit", "Web credit"},
	{"opremanje-kancelarija", "Opremanje kancelarija", "Office equipment"},
	{"opremanje-doma", "Opremanje doma", "Home equipment"},
	{"e-trust", "E-trust", "E-trust"},
}

// StaticTitle is a static page's fallback title in lang ("" for an unknown slug).
func StaticTitle(slug string, lang i18n.Lang) string {
	for _, p := range StaticPages {
		if p.Slug == slug {
			return pick(lang, p.SR, p.EN)
		}
	}
	return ""
}

// PlainPages are the app's pages without content of their own for crawlers: their titles, and
// whether search engines keep out (cart, checkout, account: private, and endless).
var PlainPages = []struct {
	Path, SR, EN string
	NoIndex      bool
}{
	{"/vesti", "Vesti", "News", false},
	// The staff's preview shows actions not running yet: kept out of search engines.
	{"/akcije/pregled", "Pregled akcije", "Promotion preview", true},
	{"/akcije", "Akcije", "Promotions", false},
	{"/uporedi-proizvode", "Uporedi proizvode", "Compare products", true},
	{"/lista-zelja", "Lista želja", "Wish list", true},
	{"/korpa", "Korpa", "Cart", true},
	{"/zavrsetak-kupovine", "Završetak kupovine", "Checkout", true},
	{"/hvala", "Hvala", "Thank you", true},
	{"/moj-nalog", "Moj nalog", "My account", true},
	{"/login", "Prijava", "Log in", true},
	{"/registracija", "Registracija", "Register", true},
	{"/zaboravljena-lozinka", "Zaboravljena lozinka", "Forgotten password", true},
	{"/nova-lozinka", "Nova lozinka", "New password", true},
	// the mails' signed links (newsletter, back-in-stock alerts): one person's, never indexed
	{"/newsletter/potvrda", "Potvrda prijave na newsletter", "Newsletter confirmation", true},
	{"/newsletter/odjava", "Odjava sa newsletter-a", "Newsletter unsubscribe", true},
	{"/obavestenje-o-dostupnosti/odjava", "Odjava obaveštenja o dostupnosti", "Back-in-stock alert cancellation", true},
}
