package i18n

// sessionMessages: the abuse limits of registration and forgotten passwords (the login's
// are among the core messages).
var sessionMessages = map[string][2]string{
	"error.register_limit": {"Previše registracija. Pokušajte ponovo za {seconds} sekundi.", "Too many registrations. Please try again in {seconds} seconds."},
	"error.forgot_limit":   {"Previše zahteva za promenu lozinke. Pokušajte ponovo za {seconds} sekundi.", "Too many password reset requests. Please try again in {seconds} seconds."},
}
