package i18n

// cliMessages: what shopctl prints around its commands' own results (warnings, the errors of
// the operating system and the argument parser put in a sentence). Key -> [Serbian, English].
var cliMessages = map[string][2]string{
	"cli.public_url_derived": {"Upozorenje: http.public_url nije podešen, pa linkovi u fajlovima koriste adresu izvedenu iz http.addr ({url}). Ako prodavnica radi na drugoj adresi, podesite http.public_url (ili SHOP_HTTP_PUBLIC_URL) kao i za server.",
		"Warning: http.public_url is not set, so links in the files use the address derived from http.addr ({url}). If the shop runs at another address, set http.public_url (or SHOP_HTTP_PUBLIC_URL) as for the server."},
	"cli.file_written": {"redova {rows}, {size}", "{rows} rows, {size}"},
	"cli.feed_written": {"{name}\t{products} proizvoda\t{size} (gzip)\t{etag}", "{name}\t{products} products\t{size} (gzip)\t{etag}"},
}
