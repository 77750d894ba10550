package i18n

// cliMessages: what shopctl prints around its commands' own results (warnings, the errors of
// the operating system and the argument parser put in a sentence). Key -> [Serbian, English].
var cliMessages = map[string][2]string{
	"cli.public_url_derived": {"Upozorenje: http.public_url nije podešen, pa linkovi u fajlovima koriste adresu izvedenu iz http.addr ({url}). Ako prodavnica radi na drugoj adresi, podesite http.public_url (ili SHOP_HTTP_PUBLIC_URL) kao i za server.",
		"Warning: http.public_url is not set, so links in the files use the address derived from http.addr ({url}). If the shop runs at another address, set http.public_url (or SHOP_HTTP_PUBLIC_URL) as for the server."},
	"cli.file_written":      {"redova {rows}, {size}", "{rows} rows, {size}"},
	"cli.usage":             {"Pogrešan poziv komande: {detail}.", "Wrong use of the command: {detail}."},
	"cli.args":              {"Komanda „{cmd}“ prima {want} argument(a), a dobila je {got}.", "The command \"{cmd}\" takes {want} argument(s) and got {got}."},
	"cli.args_range":        {"Komanda „{cmd}“ prima od {lo} do {hi} argumenata, a dobila je {got}.", "The command \"{cmd}\" takes {lo} to {hi} arguments and got {got}."},
	"cli.unknown_command":   {"Nepoznata komanda „{name}“.", "Unknown command \"{name}\"."},
	"cli.help_hint":         {"Uputstvo: shopctl --help", "Usage: shopctl --help"},
	"cli.file":              {"Fajl „{path}“ nije dostupan: {reason}.", "The file \"{path}\" cannot be used: {reason}."},
	"cli.file_missing":      {"ne postoji", "it does not exist"},
	"cli.file_denied":       {"nema dozvole za pristup", "access is denied"},
	"cli.failed":            {"Komanda nije uspela: {detail}.", "The command failed: {detail}."},
	"cli.migrate_applied":   {"primenjeno migracija: {n}", "applied {n} migration(s)"},
	"cli.migrate_none_down": {"nema migracije za vraćanje", "nothing to roll back"},
	"cli.migrate_down":      {"vraćena migracija {id}", "rolled back {id}"},
	"cli.migrate_applied_s": {"primenjena", "applied"},
	"cli.migrate_pending_s": {"čeka", "pending"},
	"cli.seed_present":      {"demo podaci već postoje", "demo data already present"},
	"cli.seed_done":         {"demo prodavnica je napravljena; prijave (lozinka {password}):", "demo shop seeded; logins (password {password}):"},
	"cli.seed_catalogue":    {"demo katalog: oko {n} proizvoda (svaki sa slikom), 3 dobavljača", "demo catalogue: about {n} products (each with a picture), 3 suppliers"},
	"cli.seed_orders":       {"demo porudžbine: {n} u poslednje četiri nedelje, u svim statusima", "demo orders: {n} over the last four weeks, in every status"},
	"cli.bench_present":     {"katalog za merenje već postoji: {n} proizvoda", "benchmark catalogue already present: {n} products"},
	"cli.bench_done":        {"katalog za merenje: dodato {created} proizvoda ({total} ukupno) za {took}", "benchmark catalogue: {created} products added ({total} in all) in {took}"},
	"cli.user_created":      {"napravljen korisnik {id} {email} ({role})", "created user {id} {email} ({role})"},
	"cli.user_password":     {"lozinka: {password}", "password: {password}"},
	"cli.orders_exported":   {"porudžbina: {n}, {total} RSD -> {file}", "{n} orders, {total} RSD -> {file}"},
	"cli.feed_written":      {"{name}\t{products} proizvoda\t{size} (gzip)\t{etag}", "{name}\t{products} products\t{size} (gzip)\t{etag}"},
}
