package i18n

// voiceMessages: ratings, questions and answers, back-in-stock alerts and price offers. The
// question form's and the price offer's Serbian texts are spec 5's, to the letter.
// Key -> [Serbian, English].
var voiceMessages = map[string][2]string{
	"voice.name_required":     {"Ime je obavezno", "The name is required"},
	"voice.name_min":          {"Ime mora sadržati najmanje 2 karaktera", "The name must contain at least 2 characters"},
	"voice.name_max":          {"Ime može sadržati najviše 50 karaktera", "The name may contain at most 50 characters"},
	"voice.question_required": {"Pitanje je obavezno", "The question is required"},
	"voice.question_min":      {"Pitanje mora sadržati najmanje 2 karaktera", "The question must contain at least 2 characters"},
	"voice.question_max":      {"Pitanje može sadržati najviše 1200 karaktera", "The question may contain at most 1200 characters"},
	"voice.email_required":    {"E-mail adresa je obavezna", "The e-mail address is required"},
	"voice.email_invalid":     {"Niste uneli pravilnu e-mail adresu.", "You have not entered a valid e-mail address."},
	"voice.product_mismatch":  {"Proizvod se ne poklapa sa stranicom", "The product does not match the page"},
	"voice.rating_required":   {"Ocena je obavezna", "The rating is required"},
	"voice.rating_range":      {"Ocena mora biti od 1 do 5", "The rating must be from 1 to 5"},
	"voice.comment_max":       {"Komentar može sadržati najviše {n} karaktera", "The comment may contain at most {n} characters"},
	"voice.offer_empty":       {"Polja su prazna.", "The fields are empty."},
	"voice.offer_email":       {"Niste uneli pravilnu e-mail adresu.", "You have not entered a valid e-mail address."},
	"voice.offer_price":       {"Cena mora biti veća od 0", "The price must be greater than 0"},
	"voice.limit":             {"Previše zahteva. Pokušajte ponovo za {seconds} sekundi.", "Too many requests. Please try again in {seconds} seconds."},

	"voice.rated":            {"Hvala na oceni! Biće prikazana nakon odobrenja.", "Thank you for your rating! It will be shown once approved."},
	"voice.asked":            {"Hvala na pitanju! Odgovor će biti prikazan nakon što ga naš tim obradi.", "Thank you for your question! The answer will be shown once our team has answered it."},
	"voice.subscribed":       {"Obavestićemo vas e-mailom kada proizvod bude ponovo dostupan.", "We will let you know by e-mail when the product is available again."},
	"voice.unsubscribed":     {"Uspešno ste se odjavili sa obaveštenja o dostupnosti proizvoda.", "You have unsubscribed from the product availability alert."},
	"voice.offer_sent":       {"Uspešno ste poslali upit!", "Your request has been sent!"},
	"voice.approved":         {"Ocena je odobrena.", "The rating has been approved."},
	"voice.disapproved":      {"Ocena je odbijena.", "The rating has been disapproved."},
	"voice.rating_deleted":   {"Ocena je obrisana.", "The rating has been deleted."},
	"voice.rating_restored":  {"Brisanje ocene je poništeno.", "The rating has been restored."},
	"voice.answered":         {"Odgovor je sačuvan.", "The answer has been saved."},
	"voice.question_updated": {"Pitanje je uspešno izmenjeno.", "The question has been updated."},
	"voice.question_deleted": {"Pitanje je uspešno obrisano.", "The question has been deleted."},
	"voice.offer_updated":    {"Status upita je izmenjen.", "The request's status has been changed."},

	"notfound.rating":       {"Ocena ne postoji ili je izbrisana.", "The rating does not exist or has been deleted."},
	"notfound.question":     {"Pitanje ne postoji ili je izbrisano.", "The question does not exist or has been deleted."},
	"notfound.price_offer":  {"Upit ne postoji ili je izbrisan.", "The price request does not exist or has been deleted."},
	"notfound.subscription": {"Prijava ne postoji ili je izbrisana.", "The subscription does not exist or has been deleted."},

	"voice.notify.offer": {"Novi upit za cenu: {product} ({sku}), {email} nudi {price} RSD.", "New price request: {product} ({sku}), {email} offers {price} RSD."},

	"voice.mail.answer_subject": {"Odgovor na vaše pitanje o proizvodu {product}", "An answer to your question about {product}"},
	"voice.mail.answer_body": {"Poštovani/a {name},\n\nna vaše pitanje o proizvodu {product}:\n\n{question}\n\nodgovorili smo:\n\n{answer}\n\nProizvod: {url}\n",
		"Dear {name},\n\nyour question about {product}:\n\n{question}\n\nhas been answered:\n\n{answer}\n\nProduct: {url}\n"},
	"voice.mail.stock_subject": {"Proizvod {product} je ponovo dostupan", "{product} is available again"},
	"voice.mail.stock_body": {"Poštovani/a,\n\nproizvod {product} je ponovo dostupan za kupovinu:\n{url}\n\nOvo obaveštenje šaljemo jednom. Odjava: {unsubscribe}\n",
		"Hello,\n\n{product} is available to buy again:\n{url}\n\nWe send this notice once. Unsubscribe: {unsubscribe}\n"},
}
