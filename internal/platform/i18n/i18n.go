// Package i18n is the one catalogue of user-facing server messages, in Serbian (default)
// and English, chosen by the request's Accept-Language.
package i18n

import (
	"fmt"
	"strconv"
	"strings"
)

// Lang is a language of the catalogue.
type Lang string

// The languages: Serbian (the default) and English.
const (
	SR Lang = "sr"
	EN Lang = "en"
)

// FromHeader picks the language from an Accept-Language value: the supported language with
// the highest weight (q), the earlier one on a tie; Serbian when neither is acceptable.
// Croatian and Bosnian readers get Serbian (Latin script), the closest we have.
func FromHeader(h string) Lang {
	best, bestQ := SR, 0.0
	for _, part := range strings.Split(h, ",") {
		tag, params, _ := strings.Cut(part, ";")
		tag = strings.ToLower(strings.TrimSpace(tag))
		var lang Lang
		switch {
		case strings.HasPrefix(tag, "en"):
			lang = EN
		case strings.HasPrefix(tag, "sr"), strings.HasPrefix(tag, "hr"), strings.HasPrefix(tag, "bs"):
			lang = SR
		default:
			continue
		}
		if q := weight(params); q > bestQ {
			best, bestQ = lang, q
		}
	}
	return best
}

// weight reads q from a language range's parameters; absent or malformed means 1.
func weight(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || strings.TrimSpace(strings.ToLower(k)) != "q" {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || q > 1 || q < 0 {
			return 1
		}
		return q
	}
	return 1
}

// T renders the message key in lang, filling {name} placeholders. An unknown key renders
// as itself, so a missing translation is visible rather than silent.
func T(lang Lang, key string, args map[string]any) string {
	entry, ok := catalogue[key]
	if !ok {
		return key
	}
	s := entry[0]
	if lang == EN {
		s = entry[1]
	}
	for k, v := range args {
		if r, ok := v.(Ref); ok {
			v = T(lang, string(r), nil)
		}
		s = strings.ReplaceAll(s, "{"+k+"}", fmt.Sprint(v))
	}
	return s
}

// Has tells whether key is in the catalogue (tests walk every key the code uses).
func Has(key string) bool { _, ok := catalogue[key]; return ok }

// catalogue: key -> [Serbian, English]. The Serbian texts the specifications quote are kept
// to the letter ('Polje je obavezno', 'Unauthorized', the server-error text).
var catalogue = merge(coreMessages, taxonomyMessages, productMessages, productMediaMessages, supplierMessages, pricingMessages, discountMessages,
	notifyMessages, pricelistLinkMessages, pricelistFileMessages, pricelistMessages, httpMessages, sessionMessages,
	pricingRulesMessages, feedsMessages, cliMessages, eofferMessages, contentMessages, voiceMessages,
	landingMessages, formMessages, landingLoadMessages, salesMessages, staffMessages, staffOrderMessages, socialMessages, proformaMessages, einvoiceMessages, fiscalMessages)

// merge joins the per-area message files; a key defined twice is a programming error.
func merge(parts ...map[string][2]string) map[string][2]string {
	out := map[string][2]string{}
	for _, p := range parts {
		for k, v := range p {
			if _, dup := out[k]; dup {
				panic("i18n: message key defined twice: " + k)
			}
			out[k] = v
		}
	}
	return out
}

// coreMessages are the platform's: errors, validation, session and users.
var coreMessages = map[string][2]string{
	"error.server":        {"Doslo je do greske na serveru pokusajte ponovo.", "There was a server error, please try again."},
	"error.unauthorized":  {"Niste prijavljeni.", "Unauthenticated."},
	"error.forbidden":     {"Unauthorized", "Unauthorized"},
	"error.invalid":       {"Podaci nisu ispravni.", "The given data was invalid."},
	"error.too_large":     {"Zahtev je prevelik (najviše {max}).", "The request is too large (at most {max})."},
	"error.route":         {"Tražena stranica ne postoji.", "The requested page does not exist."},
	"error.method":        {"Metoda nije dozvoljena.", "Method not allowed."},
	"error.body":          {"Telo zahteva nije ispravan JSON.", "The request body is not valid JSON."},
	"error.module":        {"Modul {module} nije uključen.", "The module {module} is not enabled."},
	"error.login_ip":      {"Previše pokušaja prijave. Pokušajte ponovo za {seconds} sekundi.", "Too many login attempts. Please try again in {seconds} seconds."},
	"error.login_account": {"Previše neuspešnih prijava na ovaj nalog. Pokušajte ponovo za {seconds} sekundi.", "Too many failed logins for this account. Please try again in {seconds} seconds."},

	"notfound.user":              {"Korisnik ne postoji ili je izbrisan.", "The user does not exist or has been deleted."},
	"notfound.role":              {"Uloga ne postoji ili je izbrisana.", "The role does not exist or has been deleted."},
	"notfound.order":             {"Porudžbina ne postoji ili je izbrisana.", "The order does not exist or has been deleted."},
	"notfound.product":           {"Proizvod ne postoji ili je izbrisan.", "The product does not exist or has been deleted."},
	"notfound.discount":          {"Popust ne postoji ili je izbrisan.", "The discount does not exist or has been deleted."},
	"notfound.recommended_price": {"Preporučena cena ne postoji ili je izbrisana.", "The recommended price does not exist or has been deleted."},
	"notfound.web_margin":        {"Web marža ne postoji ili je izbrisana.", "The web margin does not exist or has been deleted."},
	"notfound.category":          {"Kategorija ne postoji ili je izbrisana.", "The category does not exist or has been deleted."},
	"notfound.proforma_invoice":  {"Profaktura ne postoji ili je izbrisana.", "The proforma invoice does not exist or has been deleted."},
	"notfound.banner":            {"Izabrani baner ne postoji ili je izbrisan.", "The selected banner does not exist or has been deleted."},
	"notfound.section":           {"Sekcija ne postoji ili je izbrisana.", "The section does not exist or has been deleted."},
	"notfound.news":              {"Vest ne postoji ili je izbrisana.", "The news item does not exist or has been deleted."},
	"notfound.logged_discount":   {"Popust za ulogovane ne postoji ili je izbrisan.", "The logged-in discount does not exist or has been deleted."},
	"notfound.object":            {"Fajl ne postoji ili je izbrisan.", "The file does not exist or has been deleted."},

	"validation.required":       {"Polje je obavezno", "The field is required"},
	"validation.min_chars":      {"Polje mora sadržati minimum {n} karaktera", "The field must contain at least {n} characters"},
	"validation.max_chars":      {"Polje može sadržati maksimum {n} karaktera", "The field may contain at most {n} characters"},
	"validation.max_bytes":      {"Polje može sadržati maksimum {n} bajtova (slovo sa kvačicom ili ćirilično zauzima dva)", "The field may contain at most {n} bytes (a letter with a diacritic or a Cyrillic letter takes two)"},
	"validation.email":          {"Polje mora biti ispravna e-mail adresa", "The field must be a valid e-mail address"},
	"validation.gt":             {"Broj mora biti veći od {n}", "The number must be greater than {n}"},
	"validation.lt":             {"Broj mora biti manji od {n}", "The number must be less than {n}"},
	"validation.min":            {"Vrednost mora biti najmanje {n}", "The value must be at least {n}"},
	"validation.max":            {"Vrednost može biti najviše {n}", "The value may be at most {n}"},
	"validation.oneof":          {"Izabrana vrednost nije dozvoljena", "The selected value is not allowed"},
	"validation.number":         {"Polje mora biti broj", "The field must be a number"},
	"validation.type":           {"Polje je pogrešnog tipa", "The field has the wrong type"},
	"validation.unknown_field":  {"Nepoznat parametar", "Unknown parameter"},
	"validation.include":        {"Nepoznata relacija: {name}", "Unknown relation: {name}"},
	"validation.password_match": {"Lozinke se ne poklapaju", "The passwords do not match"},
	"validation.email_taken":    {"E-mail adresa je već zauzeta", "The e-mail has already been taken"},
	"validation.role_unknown":   {"Uloga ne postoji", "The role does not exist"},
	"validation.role_forbidden": {"Nemate pravo da dodelite ovu ulogu", "You may not assign this role"},
	"validation.image_type":     {"Slika mora biti u formatu JPG, PNG ili WEBP", "The image must be a JPG, PNG or WEBP file"},
	"image.too_many_pixels":     {"Slika može imati najviše {max} megapiksela", "The image may have at most {max} megapixels"},
	"image.too_large_decoded":   {"Slika je prevelika za obradu: dekodirana bi zauzela više od {max} MB", "The image is too large to process: decoded it would take more than {max} MB"},
	"validation.image_size":     {"Maksimalni limit slike je 2MB", "The maximum image limit is 2MB"},
	"validation.file_required":  {"Fajl je obavezan", "The file is required"},

	"auth.failed":         {"Pogrešan email ili lozinka", "These credentials do not match our records"},
	"auth.registered":     {"Uspešno ste se registrovali.", "You have registered successfully."},
	"auth.logged_out":     {"Uspešno ste se odjavili.", "You have logged out."},
	"auth.reset_sent":     {"Ako nalog sa tom adresom postoji, poslali smo link za promenu lozinke.", "If an account with that address exists, we have sent a password reset link."},
	"auth.reset_done":     {"Lozinka je uspešno promenjena.", "Your password has been changed."},
	"auth.reset_invalid":  {"Link za promenu lozinke je neispravan ili je istekao", "The password reset link is invalid or has expired"},
	"auth.reset_subject":  {"Promena lozinke", "Password reset"},
	"auth.reset_body":     {"Zdravo {name},\n\nza promenu lozinke otvorite link:\n{link}\n\nLink važi {minutes} minuta. Ako niste tražili promenu, zanemarite ovu poruku.", "Hello {name},\n\nto reset your password open:\n{link}\n\nThe link is valid for {minutes} minutes. If you did not ask for this, ignore this message."},
	"user.created":        {"Korisnik je uspešno kreiran.", "The user has been created."},
	"user.updated":        {"Korisnik je uspešno izmenjen.", "The user has been updated."},
	"user.avatar_updated": {"Avatar je uspešno promenjen.", "The avatar has been changed."},
}
