package i18n

// pricelistFileMessages: reading a supplier's price-list file (XLSX) and the reasons a row of it
// is rejected. Key -> [Serbian, English].
var pricelistFileMessages = map[string][2]string{
	// The specification's text for a file that is not an XLSX (also a renamed one).
	"pricelist_file.not_xlsx": {"Fajl mora biti u XLSX formatu", "The file must be in XLSX format"},
	"pricelist_file.old_excel": {"Fajl je u starom Excel formatu (.xls). Sačuvajte ga u Excelu kao .xlsx.",
		"The file is in the old Excel format (.xls). Save it in Excel as .xlsx."},
	"pricelist_file.encrypted": {"Fajl je zaštićen lozinkom. Sačuvajte ga bez lozinke pa ga ponovo otpremite.",
		"The file is password protected. Save it without a password and upload it again."},
	"pricelist_file.corrupt": {"Fajl je oštećen ili nepotpun i ne može se pročitati.",
		"The file is damaged or incomplete and cannot be read."},
	"pricelist_file.empty": {"Fajl ne sadrži nijedan popunjen red.",
		"The file contains no filled rows."},
	"pricelist_file.no_header": {"U prvih 20 redova nije pronađeno zaglavlje cenovnika: nedostaju obavezne kolone za šifru (npr. 'Šifra', 'SKU') i cenu (npr. 'Cena', 'Price').",
		"No price list header was found in the first 20 rows: the required columns for the SKU (e.g. 'Šifra', 'SKU') and the price (e.g. 'Cena', 'Price') are missing."},
	"pricelist_file.no_header_sku": {"U prvih 20 redova nije pronađeno zaglavlje cenovnika: nedostaje obavezna kolona za šifru (npr. 'Šifra', 'SKU').",
		"No price list header was found in the first 20 rows: the required column for the SKU (e.g. 'Šifra', 'SKU') is missing."},
	"pricelist_file.no_header_price": {"U prvih 20 redova nije pronađeno zaglavlje cenovnika: nedostaje obavezna kolona za cenu (npr. 'Cena', 'Price').",
		"No price list header was found in the first 20 rows: the required column for the price (e.g. 'Cena', 'Price') is missing."},
	"pricelist_file.unzipped_too_large": {"Raspakovan fajl bi bio veći od {max}MB, što nije dozvoljeno.",
		"Unpacked, the file would be larger than {max}MB, which is not allowed."},
	"pricelist_file.too_many_rows": {"Cenovnik ima više od {max} redova, što nije dozvoljeno; uvoz je prekinut.",
		"The price list has more than {max} rows, which is not allowed; the import was stopped."},
	"pricelist_file.too_many_blank_rows": {"Posle reda {line} sledi više od {max} praznih ili neispravnih redova zaredom; uvoz je prekinut. Obrišite prazne redove na kraju lista ili ispravite podatke.",
		"More than {max} empty or invalid rows in a row follow row {line}; the import was stopped. Delete the empty rows at the end of the sheet or correct the data."},

	"pricelist_file.row_no_sku":             {"Nedostaje šifra", "The SKU is missing"},
	"pricelist_file.row_sku_too_long":       {"Šifra je duža od 255 karaktera", "The SKU is longer than 255 characters"},
	"pricelist_file.row_no_price":           {"Nedostaje cena", "The price is missing"},
	"pricelist_file.row_bad_price":          {"Cena nije ispravan broj", "The price is not a valid number"},
	"pricelist_file.row_price_not_positive": {"Cena mora biti veća od 0", "The price must be greater than 0"},
	"pricelist_file.row_bad_recommended":    {"Preporučena cena nije ispravan broj", "The recommended price is not a valid number"},
	"pricelist_file.row_bad_stock":          {"Stanje nije ispravan ceo broj", "The stock is not a valid whole number"},
}
