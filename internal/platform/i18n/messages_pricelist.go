package i18n

// pricelistMessages: the price-list upload, the import job and its notifications, the header
// mapping. Key -> [Serbian, English]. The specification's texts ('Maksimalna veličina fajla je
// 10MB') are kept to the letter.
var pricelistMessages = map[string][2]string{
	"notfound.pricelist_import": {"Uvoz cenovnika ne postoji ili je izbrisan.", "The price list import does not exist or has been deleted."},

	"pricelist.file_too_large":   {"Maksimalna veličina fajla je 10MB", "The maximum file size is 10MB"},
	"pricelist.unknown_supplier": {"Izabrani dobavljač ne postoji", "The selected supplier does not exist"},
	"pricelist.uploaded":         {"Cenovnik je otpremljen. Uvoz je u toku, dobićete obaveštenje kada se završi.", "The price list has been uploaded. The import is running; you will be notified when it finishes."},
	"pricelist.mapping_saved":    {"Mapiranje zaglavlja je sačuvano", "The header mapping has been saved"},
	"pricelist.mapping_twice":    {"Isti naslov kolone je dat za više polja", "The same column header is given for more than one field"},
	"pricelist.duplicate_sku":    {"Šifra se ponavlja u fajlu (prvi put u redu {first})", "The SKU is repeated in the file (first in row {first})"},

	"pricelist.note_uploaded": {"Cenovnik {file} dobavljača {supplier} je primljen i uvozi se.",
		"The price list {file} of {supplier} has been received and is being imported."},
	"pricelist.note_not_mapped": {"Cenovnik {file} dobavljača {supplier}: kategorije dobavljača bez kategorije prodavnice ({count}): {categories}",
		"Price list {file} of {supplier}: supplier categories without a shop category ({count}): {categories}"},
	"pricelist.note_finished": {"Uvoz cenovnika {file} dobavljača {supplier} je završen: redova {rows}, novih {created}, izmenjenih {updated}, nepromenjenih {unchanged}, odbijenih {rejected}.",
		"The import of the price list {file} of {supplier} has finished: {rows} rows, {created} new, {updated} changed, {unchanged} unchanged, {rejected} rejected."},
	"pricelist.note_failed": {"Uvoz cenovnika {file} dobavljača {supplier} nije uspeo: {error}",
		"The import of the price list {file} of {supplier} failed: {error}"},
	// shopctl import pricelist: every line it prints, so --lang covers the whole output.
	"pricelist.cli_queued":        {"Uvoz #{id} cenovnika {file} dobavljača {supplier} je u redu čekanja", "import #{id} of {file} for {supplier} queued"},
	"pricelist.cli_status":        {"Uvoz #{id} cenovnika {file} dobavljača {supplier}: {status}", "import #{id} of {file} for {supplier}: {status}"},
	"pricelist.cli_reason":        {"Razlog: {reason}", "reason: {reason}"},
	"pricelist.cli_counts":        {"redova {rows}, novih {created}, izmenjenih {updated}, nepromenjenih {unchanged}, odbijenih {rejected}", "rows {rows}, created {created}, updated {updated}, unchanged {unchanged}, rejected {rejected}"},
	"pricelist.cli_rejected":      {"Odbijeni redovi (prvih {n} od {total}):", "rejected rows (first {n} of {total}):"},
	"pricelist.cli_rejected_row":  {"  red {row}, šifra {sku}: {reason}", "  row {row}, SKU {sku}: {reason}"},
	"pricelist.cli_unmapped":      {"Kategorije dobavljača bez kategorije prodavnice: {categories}", "supplier categories without a shop category: {categories}"},
	"pricelist.cli_failed":        {"Uvoz #{id} cenovnika {file} nije uspeo: {reason}", "import #{id} of {file} failed: {reason}"},
	"pricelist.cli_no_supplier":   {"Nijedan dobavljač se ne zove „{name}“", "no supplier is called \"{name}\""},
	"pricelist.cli_two_suppliers": {"Više dobavljača se zove „{name}“: navedite id", "more than one supplier is called \"{name}\": give its id"},
	"pricelist.status_queued":     {"u redu čekanja", "queued"},
	"pricelist.status_running":    {"u toku", "running"},
	"pricelist.status_finished":   {"završen", "finished"},
	"pricelist.status_failed":     {"nije uspeo", "failed"},
	"pricelist.phase_reading":     {"čitanje redova", "reading rows"},
	"pricelist.phase_staging":     {"priprema redova", "staging rows"},
	"pricelist.phase_merging":     {"upis redova", "merging rows"},
	"pricelist.phase_notifying":   {"obaveštavanje", "notifying"},
	"pricelist.cli_progress":      {"{phase}: {done}", "{phase}: {done}"},
	"pricelist.cli_progress_of":   {"{phase}: {done}/{total}", "{phase}: {done}/{total}"},
}
