package i18n

// socialMessages: sign-in with Google and Facebook. The refusals reach the storefront as a
// code on the login page (which has its own texts); these are the same refusals as messages,
// for the log and for the one JSON call of the flow (the session hand-over).
// Key -> [Serbian, English].
var socialMessages = map[string][2]string{
	"social.state":       {"Prijava nije uspela: zahtev je istekao ili nije sa ovog sajta. Pokušajte ponovo.", "Sign-in failed: the request expired or did not come from this site. Please try again."},
	"social.denied":      {"Prijava je otkazana.", "Sign-in was cancelled."},
	"social.provider":    {"Prijava preko ovog naloga trenutno nije moguća. Pokušajte ponovo.", "Signing in with this account is not possible right now. Please try again."},
	"social.token":       {"Prijava nije uspela: odgovor servisa za prijavu nije ispravan.", "Sign-in failed: the sign-in service's answer is not valid."},
	"social.email":       {"Nalog nema potvrđenu e-mail adresu. Potvrdite je kod servisa za prijavu ili se registrujte lozinkom.", "The account has no verified e-mail address. Verify it with the sign-in service or register with a password."},
	"social.staff":       {"Nalozi zaposlenih se prijavljuju e-mail adresom i lozinkom.", "Staff accounts sign in with their e-mail and password."},
	"social.deactivated": {"Nalog je deaktiviran.", "The account has been deactivated."},
	"social.limit":       {"Previše novih naloga sa ove adrese. Pokušajte kasnije.", "Too many new accounts from this address. Please try later."},
	"social.session":     {"Prijava je istekla. Pokušajte ponovo.", "The sign-in has expired. Please try again."},
	"notfound.provider":  {"Način prijave ne postoji ili je izbrisan.", "This sign-in method does not exist or has been removed."},
}
