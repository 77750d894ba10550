package pricelist

import (
	"archive/zip"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// SampleOptions choose what WriteSample writes. The zero value is a clean list with English
// headers, SKUs from 1, seed 0.
type SampleOptions struct {
	Seed uint64 // decides the content: the same seed, the same file
	// Day makes a later list of the same supplier: the products of Seed (SKU, name, category,
	// brand, EAN) with the prices and stock of that day (a new draw for each Day).
	Day      uint64
	FirstSKU int  // the number of the first SKU (SKUs are 8 digits with leading zeros)
	Serbian  bool // Serbian header texts ("Šifra", "Naziv", "Cena", ...) instead of English
	// Headers overrides the header text of single fields (a supplier's own names); a field
	// mapped to "-" gets no column.
	Headers HeaderMapping
	// BadPercent is the share of rows (0-100) made deliberately bad: no SKU, no price, a price
	// that is not a number, a stock that is not a number.
	BadPercent int
	// TitleRows puts the supplier's name and a date above the header, as many rows as given.
	TitleRows int
}

// sampleHeaders are the header texts WriteSample uses.
var sampleHeaders = map[bool]map[Field]string{
	false: {FieldSKU: "SKU", FieldName: "Name", FieldCategory: "Category", FieldBrand: "Brand", FieldPrice: "Price",
		FieldRecommended: "Recommended price", FieldStock: "Stock", FieldEAN: "EAN"},
	true: {FieldSKU: "Šifra", FieldName: "Naziv", FieldCategory: "Kategorija", FieldBrand: "Proizvođač", FieldPrice: "VP cena",
		FieldRecommended: "MP cena", FieldStock: "Količina", FieldEAN: "Bar kod"},
}

// sampleColumns is the column order of a generated list.
var sampleColumns = []Field{FieldSKU, FieldName, FieldCategory, FieldBrand, FieldPrice, FieldRecommended, FieldStock, FieldEAN}

// sampleKind is one kind of product a supplier sells: its category, what it is called, the
// brands that make it, model prefixes, spec variants and a price range in dinars.
type sampleKind struct {
	category, noun string
	brands         []string
	models         []string
	specs          []string
	low, high      int
}

var sampleKinds = []sampleKind{
	{"Laptopovi", "Laptop", []string{"Lenovo", "HP", "Dell", "Asus", "Acer"}, []string{"IdeaPad", "ProBook", "Vostro", "VivoBook", "Aspire"},
		[]string{"15.6\" FHD i5-1335U 16GB 512GB SSD", "14\" FHD Ryzen 5 7530U 8GB 512GB", "15.6\" i7-1355U 16GB 1TB Win11", "17.3\" Ryzen 7 32GB 1TB"}, 45000, 180000},
	{"Monitori", "Monitor", []string{"LG", "Samsung", "Dell", "AOC", "Philips"}, []string{"UltraGear", "Odyssey", "P", "24G", "Evnia"},
		[]string{"23.8\" IPS FHD 75Hz", "27\" IPS QHD 165Hz", "31.5\" VA 4K", "34\" UWQHD zakrivljeni"}, 12000, 90000},
	{"Televizori", "Televizor", []string{"Samsung", "LG", "Sony", "TCL", "Hisense", "Philips"}, []string{"Crystal", "NanoCell", "Bravia", "QLED", "OLED"},
		[]string{"43\" 4K Smart", "55\" 4K UHD Smart", "65\" QLED 4K", "50\" Google TV"}, 30000, 250000},
	{"Mobilni telefoni", "Mobilni telefon", []string{"Samsung", "Apple", "Xiaomi", "Motorola", "Honor"}, []string{"Galaxy A", "iPhone", "Redmi Note", "moto g", "Magic"},
		[]string{"6/128GB crni", "8/256GB plavi", "4/64GB srebrni", "12/512GB"}, 15000, 200000},
	{"Tableti", "Tablet", []string{"Samsung", "Apple", "Lenovo", "Xiaomi"}, []string{"Galaxy Tab", "iPad", "Tab M", "Pad"},
		[]string{"10.1\" 4/64GB WiFi", "11\" 8/128GB LTE", "10.9\" 64GB WiFi"}, 15000, 120000},
	{"Slušalice", "Slušalice", []string{"Sony", "JBL", "Sennheiser", "Logitech", "Apple"}, []string{"WH", "Tune", "HD", "G", "AirPods"},
		[]string{"bežične Bluetooth", "sa mikrofonom USB", "in-ear ANC", "gejmerske 7.1"}, 1500, 45000},
	{"Zvučnici", "Zvučnik", []string{"JBL", "Sony", "Marshall", "Genius"}, []string{"Flip", "Charge", "SRS", "Emberton", "SP"},
		[]string{"Bluetooth prenosni", "2.0 USB", "vodootporni IP67"}, 1200, 40000},
	{"Štampači", "Štampač", []string{"HP", "Canon", "Epson", "Brother"}, []string{"LaserJet", "PIXMA", "EcoTank", "HL"},
		[]string{"laserski A4", "inkjet multifunkcijski", "kolor WiFi", "duplex mrežni"}, 8000, 80000},
	{"Toneri i kertridži", "Toner", []string{"HP", "Canon", "Brother", "Epson"}, []string{"CF", "CRG", "TN", "T"},
		[]string{"crni", "cyan", "magenta", "žuti", "XL"}, 1200, 15000},
	{"Tastature", "Tastatura", []string{"Logitech", "Genius", "Redragon", "Microsoft"}, []string{"K", "KB", "MK", "Surface"},
		[]string{"USB SRB", "bežična US", "mehanička RGB", "slim"}, 900, 18000},
	{"Miševi", "Miš", []string{"Logitech", "Genius", "Redragon", "Razer"}, []string{"M", "G", "NX", "DeathAdder"},
		[]string{"bežični", "optički USB", "gejmerski 16000dpi"}, 500, 12000},
	{"Memorije", "Memorija", []string{"Kingston", "Corsair", "Crucial", "G.Skill"}, []string{"Fury Beast", "Vengeance", "CT", "Ripjaws"},
		[]string{"DDR4 16GB 3200MHz", "DDR5 32GB 6000MHz", "SODIMM DDR4 8GB"}, 2500, 25000},
	{"SSD diskovi", "SSD", []string{"Samsung", "Kingston", "WD", "Crucial"}, []string{"990 EVO", "NV2", "Blue SN580", "P3"},
		[]string{"500GB M.2 NVMe", "1TB M.2 NVMe", "2TB SATA 2.5\""}, 4000, 30000},
	{"Hard diskovi", "Hard disk", []string{"Seagate", "WD", "Toshiba"}, []string{"BarraCuda", "Blue", "P300"},
		[]string{"1TB 3.5\" 7200rpm", "2TB 3.5\" SATA", "4TB NAS"}, 5000, 20000},
	{"Grafičke karte", "Grafička karta", []string{"Asus", "MSI", "Gigabyte", "Sapphire"}, []string{"Dual RTX", "Ventus RTX", "Gaming OC RX", "Pulse RX"},
		[]string{"4060 8GB", "4070 Super 12GB", "7600 8GB", "7800 XT 16GB"}, 35000, 150000},
	{"Procesori", "Procesor", []string{"Intel", "AMD"}, []string{"Core i5", "Core i7", "Ryzen 5", "Ryzen 7"},
		[]string{"box", "tray", "sa hladnjakom"}, 12000, 60000},
	{"Matične ploče", "Matična ploča", []string{"Asus", "MSI", "Gigabyte", "ASRock"}, []string{"Prime", "PRO", "B650", "B760M"},
		[]string{"AM5 DDR5", "LGA1700 DDR4", "mATX WiFi"}, 9000, 40000},
	{"Napajanja", "Napajanje", []string{"Corsair", "Seasonic", "be quiet!", "Cooler Master"}, []string{"RM", "Focus", "Pure Power", "MWE"},
		[]string{"650W 80+ Gold", "750W modularno", "550W Bronze"}, 5000, 22000},
	{"Mrežna oprema", "Ruter", []string{"TP-Link", "Asus", "MikroTik", "Ubiquiti"}, []string{"Archer", "RT", "hAP", "UniFi"},
		[]string{"AC1200 dual band", "AX3000 WiFi 6", "gigabitni 5-port"}, 2500, 30000},
	{"Kućni aparati", "Usisivač", []string{"Bosch", "Philips", "Rowenta", "Xiaomi"}, []string{"Series", "PowerPro", "X-Force", "Robot"},
		[]string{"bez kese 900W", "robot usisivač", "štapni bežični"}, 8000, 60000},
	{"Foto i video", "Fotoaparat", []string{"Canon", "Nikon", "Sony", "Fujifilm"}, []string{"EOS", "Z", "Alpha", "X-T"},
		[]string{"telo", "kit 18-55mm", "4K vlog"}, 60000, 300000},
}

// WriteSample writes a generated supplier price list of n rows to w: realistic electronics
// names over about twenty supplier categories, brands, Serbian-formatted text prices in some
// rows, recommended prices, stock and EANs in some, SKUs with leading zeros. opts.Seed decides
// the content. Rows go through excelize's StreamWriter (inline strings), so memory stays flat.
func WriteSample(w io.Writer, n int, opts SampleOptions) error {
	if n < 0 || n > 1_000_000 {
		return fmt.Errorf("pricelist: %d sample rows: 0 to 1000000", n)
	}
	if opts.FirstSKU <= 0 {
		opts.FirstSKU = 1
	}
	rng := newSampleRands(opts)
	f := excelize.NewFile()
	defer f.Close()
	const sheet = "Sheet1"
	if opts.Serbian {
		if err := f.SetSheetName(sheet, "Cenovnik"); err != nil {
			return err
		}
	}
	name := f.GetSheetName(0)
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return err
	}
	var cols []Field
	header := []any{}
	for _, c := range sampleColumns {
		text := sampleHeaders[opts.Serbian][c]
		if t, ok := opts.Headers[c]; ok && t != "" {
			text = t
		}
		if text == "-" {
			continue
		}
		cols = append(cols, c)
		header = append(header, text)
	}
	line := 1
	titles := []any{"Cenovnik dobavljača Elektro Distribucija d.o.o.", "Važi od 01.12.2026.", "Cene su bez PDV-a"}
	for i := 0; i < opts.TitleRows; i++ {
		var title any // blank rows after the titles
		if i < len(titles) {
			title = titles[i]
		}
		if err := sw.SetRow(cell(line), []any{title}); err != nil {
			return err
		}
		line++
	}
	if err := sw.SetRow(cell(line), header); err != nil {
		return err
	}
	line++
	values := make([]any, len(cols))
	for i := 0; i < n; i++ {
		sampleRow(rng, opts, opts.FirstSKU+i, cols, values)
		if err := sw.SetRow(cell(line), values); err != nil {
			return err
		}
		line++
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	return f.Write(w)
}

// sampleRands are a generated list's two random sources: the products (the same for every
// Day of a Seed) and the day's prices, stock and slips.
type sampleRands struct{ product, day *rand.Rand }

func newSampleRands(opts SampleOptions) sampleRands {
	return sampleRands{product: rand.New(rand.NewPCG(opts.Seed, 0x5eed)), day: rand.New(rand.NewPCG(opts.Seed^0xda7, 0x5eed+opts.Day))}
}

func cell(line int) string { return "A" + strconv.Itoa(line) }

// sampleRow fills values (one per column in cols) for the product with SKU number num, and
// says which price and recommended price (para, 0 for none) it meant.
func sampleRow(rngs sampleRands, opts SampleOptions, num int, cols []Field, values []any) (price, rec int64) {
	rng, day := rngs.product, rngs.day
	k := sampleKinds[rng.IntN(len(sampleKinds))]
	brand := k.brands[rng.IntN(len(k.brands))]
	model := fmt.Sprintf("%s %d%s", k.models[rng.IntN(len(k.models))], 100+rng.IntN(900), []string{"", "X", "S", " Pro", " Plus"}[rng.IntN(5)])
	name := fmt.Sprintf("%s %s %s %s", k.noun, brand, model, k.specs[rng.IntN(len(k.specs))])
	sku := fmt.Sprintf("%08d", num)
	var eanCell any
	if rng.IntN(4) > 0 {
		ean := 8600000000000 + int64(num)*10 + int64(rng.IntN(10))
		if rng.IntN(2) == 0 {
			eanCell = ean // a number cell: must come back as its digits
		} else {
			eanCell = strconv.FormatInt(ean, 10)
		}
	}
	var brandCell any = brand
	if rng.IntN(10) == 0 {
		brandCell = nil
	}

	// Prices end in .00, .90 or .99 dinars mostly, like a real list; para are random.
	price = int64(k.low+day.IntN(k.high-k.low)) * 100
	price += []int64{0, 90, 99, int64(day.IntN(100))}[day.IntN(4)]
	var priceCell any = numberCell(price)
	switch r := day.IntN(10); {
	case r < 2:
		priceCell = serbianAmount(price, false) // "1.234,56"
	case r == 2:
		priceCell = serbianAmount(price, true) // "1.234,56 RSD"
	}
	var recCell any
	if day.IntN(3) > 0 {
		rec = price * int64(120+day.IntN(40)) / 100 / 100 * 100 // whole dinars, 20-60 % above
		recCell = numberCell(rec)
		if day.IntN(5) == 0 {
			recCell = serbianAmount(rec, false)
		}
	}
	var stockCell any = day.IntN(60)
	if day.IntN(8) == 0 {
		stockCell = nil // no stock given
	}
	var skuCell any = sku
	if opts.BadPercent > 0 && day.IntN(100) < opts.BadPercent {
		switch day.IntN(4) {
		case 0:
			skuCell = nil
		case 1:
			priceCell = nil
		case 2:
			priceCell = "po dogovoru"
		case 3:
			stockCell = "mnogo"
		}
	}
	for i, c := range cols {
		switch c {
		case FieldSKU:
			values[i] = skuCell
		case FieldName:
			values[i] = name
		case FieldCategory:
			values[i] = k.category
		case FieldBrand:
			values[i] = brandCell
		case FieldPrice:
			values[i] = priceCell
		case FieldRecommended:
			values[i] = recCell
		case FieldStock:
			values[i] = stockCell
		case FieldEAN:
			values[i] = eanCell
		}
	}
	return price, rec
}

// numberCell is para as a number cell with two decimals at most: excelize writes a float64 by
// its shortest form, so 123456 para is 1234.56 in the sheet, as Excel would store it.
func numberCell(p int64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatInt(p/100, 10)+"."+fmt.Sprintf("%02d", p%100), 64)
	return v
}

// serbianAmount writes para as Serbian text: "1.234,56", with " RSD" when asked.
func serbianAmount(p int64, rsd bool) string {
	whole := strconv.FormatInt(p/100, 10)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(r)
	}
	s := b.String() + "," + fmt.Sprintf("%02d", p%100)
	if rsd {
		s += " RSD"
	}
	return s
}

// WriteExcelSample writes n price-list rows the way Excel saves them: every text in the
// shared-strings table (SKU, name, category, brand, EAN), numbers in the cells. Row i (from 0)
// is SKU %08d of i+1, a laptop's name, "Kategorija" i%20, "Brend" i%10, price 1000+i%50000
// dinars and i%100 para, recommended 2000+i%50000, stock i%40, EAN 86%011d of i.
func WriteExcelSample(w io.Writer, n int) error {
	zw := zip.NewWriter(w)
	var err error
	put := func(name, body string) {
		if err == nil {
			var f io.Writer
			if f, err = zw.Create(name); err == nil {
				_, err = io.WriteString(f, body)
			}
		}
	}
	put("[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`)
	put("_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)
	put("xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Cenovnik" sheetId="1" r:id="rId1"/></sheets></workbook>`)
	put("xl/_rels/workbook.xml.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`)
	// Strings: 8 headers, 20 categories, 10 brands, then SKU, name and EAN of each row.
	var strs []string
	strs = append(strs, "Šifra", "Naziv", "Kategorija", "Brend", "Cena", "MP cena", "Stanje", "EAN")
	for i := 0; i < 20; i++ {
		strs = append(strs, fmt.Sprintf("Kategorija %d", i))
	}
	for i := 0; i < 10; i++ {
		strs = append(strs, fmt.Sprintf("Brend %d", i))
	}
	base := len(strs)
	if err != nil {
		return err
	}
	sheet, err := zw.Create("xl/worksheets/sheet1.xml")
	if err != nil {
		return err
	}
	fmt.Fprint(sheet, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">`)
	for i := 0; i < 8; i++ {
		fmt.Fprintf(sheet, `<c r="%c1" t="s"><v>%d</v></c>`, 'A'+i, i)
	}
	fmt.Fprint(sheet, `</row>`)
	for i := 0; i < n; i++ {
		r := i + 2
		s := base + 3*i
		fmt.Fprintf(sheet, `<row r="%d"><c r="A%d" t="s"><v>%d</v></c><c r="B%d" t="s"><v>%d</v></c><c r="C%d" t="s"><v>%d</v></c><c r="D%d" t="s"><v>%d</v></c><c r="E%d"><v>%d.%02d</v></c><c r="F%d"><v>%d</v></c><c r="G%d"><v>%d</v></c><c r="H%d" t="s"><v>%d</v></c></row>`,
			r, r, s, r, s+1, r, 8+i%20, r, 28+i%10, r, 1000+i%50000, i%100, r, 2000+i%50000, r, i%40, r, s+2)
	}
	fmt.Fprint(sheet, `</sheetData></worksheet>`)
	sst, err := zw.Create("xl/sharedStrings.xml")
	if err != nil {
		return err
	}
	fmt.Fprintf(sst, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">`, base+3*n, base+3*n)
	for _, s := range strs {
		fmt.Fprintf(sst, `<si><t>%s</t></si>`, s)
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(sst, `<si><t>%08d</t></si><si><t>Laptop Lenovo IdeaPad %d 15.6" FHD i5 16GB 512GB SSD</t></si><si><t>86%011d</t></si>`, i+1, i, i)
	}
	fmt.Fprint(sst, `</sst>`)
	return zw.Close()
}
