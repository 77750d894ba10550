package demo

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"log/slog"
	"math/rand"
	"strings"
	"sync"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
	"gorm.io/gorm"

	"shop/internal/catalog"
	"shop/internal/identity"
	"shop/internal/platform/blob"
	"shop/internal/platform/clock"
	"shop/internal/platform/db"
	"shop/internal/platform/money"
	"shop/internal/pricing"
	"shop/internal/sales"
)

// CatalogOptions is what the demo catalogue may use besides the database. Without Catalog
// (whose object store holds the pictures) and Blobs, the catalogue has no pictures.
type CatalogOptions struct {
	Catalog *catalog.Service
	Blobs   blob.Store
	// Images is how many products get a generated picture (0: DefaultCatalogImages; -1: none).
	// Every picture goes through the images area's upload path (checks, two variants), which
	// costs tens of milliseconds each: the newest ~140 (every category's first page) keep the first start
	// quick, and a shop where not every product has a picture is what the with/without image
	// filter is for.
	Images int
	// Sales, when set, gets the demo orders placed through its checkout (SeedOrders).
	Sales *sales.Service
}

// DefaultCatalogImages is how many demo products get a picture.
const DefaultCatalogImages = 140

// DemoProducts is the demo catalogue's size, about.
const DemoProducts = 2000

// demoSeed makes the catalogue the same on every run.
const demoSeed = 20240601

type demoCategory struct {
	name, prefix string
	pdv          int64 // bps
	web          int64 // bps
	minPrice     int64 // para
	children     []demoCategory
	// leaf data: brands, name maker, entry price range (RSD), attributes by name.
	brands   []string
	product  func(r *rand.Rand, brand string) string
	priceMin int64
	priceMax int64
	attrs    []string
}

var demoAttributes = map[string][]string{
	"RAM":                 {"4GB", "8GB", "16GB", "32GB", "64GB"},
	"Procesor":            {"Intel Core i3", "Intel Core i5", "Intel Core i7", "Intel Core i9", "AMD Ryzen 5", "AMD Ryzen 7", "AMD Ryzen 9", "Apple M3"},
	"Kapacitet skladišta": {"128GB", "256GB", "512GB", "1TB", "2TB"},
	"Dijagonala ekrana":   {"6.1\"", "6.7\"", "10.9\"", "13.3\"", "14\"", "15.6\"", "17.3\"", "24\"", "27\"", "32\"", "43\"", "55\"", "65\"", "75\""},
	"Rezolucija":          {"HD", "Full HD", "QHD", "4K UHD", "8K"},
	"Energetska klasa":    {"A", "B", "C", "D", "E", "F"},
	"Boja":                {"Crna", "Bela", "Siva", "Srebrna", "Plava", "Crvena", "Inox"},
	"Zapremina":           {"250 l", "300 l", "350 l", "400 l", "500 l", "600 l"},
	"Kapacitet pranja":    {"6 kg", "7 kg", "8 kg", "9 kg", "10 kg"},
	"Tip štampe":          {"Laserski", "Inkjet"},
	"Povezivanje":         {"USB", "Wi-Fi", "Bluetooth", "LAN"},
	"Snaga":               {"600 W", "800 W", "1000 W", "1200 W", "1500 W", "2000 W"},
}

// The attributes' order on screens (and their ids after the manufacturer attribute).
var demoAttributeOrder = []string{"RAM", "Procesor", "Kapacitet skladišta", "Dijagonala ekrana", "Rezolucija",
	"Energetska klasa", "Boja", "Zapremina", "Kapacitet pranja", "Tip štampe", "Povezivanje", "Snaga"}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.Intn(len(xs))] }

func laptopName(series map[string][]string, kind string) func(r *rand.Rand, brand string) string {
	return func(r *rand.Rand, brand string) string {
		cpu := pick(r, []string{"i5", "i7", "Ryzen 5", "Ryzen 7", "i3", "i9"})
		return fmt.Sprintf("%s %s %s %s\" %s %s %s", kind, brand, pick(r, series[brand]),
			pick(r, []string{"14", "15.6", "16", "17.3"}), cpu, pick(r, []string{"8GB", "16GB", "32GB"}), pick(r, []string{"256GB", "512GB", "1TB"}))
	}
}

func modelName(kind string, series map[string][]string, specs ...[]string) func(r *rand.Rand, brand string) string {
	return func(r *rand.Rand, brand string) string {
		s := kind + " " + brand + " " + pick(r, series[brand])
		for _, sp := range specs {
			s += " " + pick(r, sp)
		}
		return s
	}
}

var laptopSeries = map[string][]string{
	"Lenovo": {"IdeaPad 3 15ITL6", "IdeaPad 5 14ALC05", "Legion 5 15ACH6", "ThinkPad E15 G4", "ThinkBook 15 G3", "Yoga Slim 7"},
	"HP":     {"250 G9", "Pavilion 15-eg", "Victus 16-d", "ProBook 450 G9", "EliteBook 840 G8", "Omen 16-b"},
	"Dell":   {"Inspiron 3520", "Vostro 3510", "Latitude 5530", "XPS 13 9315", "G15 5520"},
	"Asus":   {"VivoBook 15 X1500EA", "ZenBook 14 UX425", "TUF Gaming F15", "ROG Strix G15", "ExpertBook B1"},
	"Acer":   {"Aspire 5 A515-57", "Aspire 3 A315-58", "Nitro 5 AN515-58", "Swift 3 SF314", "Predator Helios 300"},
	"Apple":  {"MacBook Air 13 M2", "MacBook Air 15 M3", "MacBook Pro 14 M3"},
}

var tvSeries = map[string][]string{
	"Samsung": {"UE43CU7172UXXH", "UE55CU8072UXXH", "QE65Q80CATXXH", "QE55S90CATXXH"},
	"LG":      {"43UR78003LK", "55UR91003LA", "OLED55C32LA", "65QNED813RE"},
	"Sony":    {"KD-43X75WL", "KD-55X80L", "XR-65A80L"},
	"Philips": {"43PUS7008/12", "55PUS8118/12", "65OLED708/12"},
	"Xiaomi":  {"TV A2 43", "TV A Pro 55", "TV Q2 65"},
}

var phoneSeries = map[string][]string{
	"Samsung":  {"Galaxy A15 4/128GB", "Galaxy A35 6/128GB", "Galaxy A55 8/256GB", "Galaxy S24 8/256GB", "Galaxy S24 Ultra 12/512GB"},
	"Xiaomi":   {"Redmi 13C 4/128GB", "Redmi Note 13 8/256GB", "Redmi Note 13 Pro 8/256GB", "13T 12/256GB"},
	"Apple":    {"iPhone 13 128GB", "iPhone 14 128GB", "iPhone 15 128GB", "iPhone 15 Pro 256GB"},
	"Motorola": {"moto g54 5G 8/256GB", "edge 40 neo 12/256GB"},
}

var tabletSeries = map[string][]string{
	"Samsung": {"Galaxy Tab A9 4/64GB", "Galaxy Tab A9+ 8/128GB", "Galaxy Tab S9 FE 6/128GB"},
	"Lenovo":  {"Tab M10 Plus 4/64GB", "Tab P11 6/128GB"},
	"Apple":   {"iPad 10.9 Wi-Fi 64GB", "iPad Air 11 M2 128GB"},
	"Xiaomi":  {"Redmi Pad SE 4/128GB", "Pad 6 8/256GB"},
}

var monitorSeries = map[string][]string{
	"Samsung": {"LS24C310EAUXEN", "LC27G55TQBUXEN", "LS32BM700UPXEN"},
	"LG":      {"24MR400-B", "27GP850P-B", "32UN880P-B"},
	"Dell":    {"P2422H", "S2721DGF", "U2723QE"},
	"Asus":    {"VA24EHF", "TUF VG27AQ", "ProArt PA278QV"},
	"Philips": {"241V8L", "27E1N3300A"},
}

var fridgeSeries = map[string][]string{
	"Gorenje": {"NRK6192AW4", "RK4181PS4", "NRS9EVX", "ONRK619DBK"},
	"Beko":    {"RCSA300K40SN", "B5RCNA405ZXBR", "GN162341XBN"},
	"Bosch":   {"KGN36VLEC", "KGN39VWEQ", "KAN93VIFP"},
	"Samsung": {"RB34T670ESA/EK", "RS68A8830S9/EF"},
	"LG":      {"GBP62PZNBC", "GSLV71PZTM"},
}

var washerSeries = map[string][]string{
	"Gorenje": {"WNEI84APS", "W2NHPI72SCS", "WD2A164ADS"},
	"Beko":    {"WUE 7512 XWW", "B5WFU58418W", "HTV 8716 X0"},
	"Bosch":   {"WAN28263BY", "WGG24400BY", "WNA134L0BY"},
	"LG":      {"F4WV308S6E", "F2DV5S8S1E"},
	"Samsung": {"WW80T4040EE1LE", "WD80T4046CE/LE"},
}

var printerSeries = map[string][]string{
	"HP":      {"LaserJet M110we", "LaserJet Pro M404dn", "DeskJet 2720e", "OfficeJet Pro 9010e"},
	"Canon":   {"i-SENSYS LBP633Cdw", "PIXMA TS5350i", "PIXMA G3470", "i-SENSYS MF455dw"},
	"Epson":   {"EcoTank L3256", "EcoTank L8050", "WorkForce WF-2930DWF"},
	"Brother": {"HL-L2312D", "DCP-L2532DW", "MFC-J1010DW"},
}

func demoTree() []demoCategory {
	laptopBrands := []string{"Lenovo", "HP", "Dell", "Asus", "Acer", "Apple"}
	return []demoCategory{
		{name: "Računari i komponente", prefix: "RK", pdv: 2000, web: 1200, children: []demoCategory{
			{name: "Laptopovi", prefix: "LAP", pdv: 2000, web: 1000, children: []demoCategory{
				{name: "Gaming laptopovi", prefix: "GL", pdv: 2000, web: 1000, minPrice: 60000_00, brands: []string{"Lenovo", "HP", "Dell", "Asus", "Acer"}, product: laptopName(laptopSeries, "Laptop"), priceMin: 70000, priceMax: 260000, attrs: []string{"RAM", "Procesor", "Kapacitet skladišta", "Dijagonala ekrana", "Boja"}},
				{name: "Poslovni laptopovi", prefix: "PL", pdv: 2000, web: 900, minPrice: 40000_00, brands: laptopBrands, product: laptopName(laptopSeries, "Laptop"), priceMin: 45000, priceMax: 220000, attrs: []string{"RAM", "Procesor", "Kapacitet skladišta", "Dijagonala ekrana"}},
				{name: "Ultrabukovi", prefix: "UB", pdv: 2000, web: 1100, minPrice: 50000_00, brands: laptopBrands, product: laptopName(laptopSeries, "Ultrabook"), priceMin: 60000, priceMax: 240000, attrs: []string{"RAM", "Procesor", "Kapacitet skladišta", "Boja"}},
			}},
			{name: "Desktop računari", prefix: "DR", pdv: 2000, web: 1000, children: []demoCategory{
				{name: "Gaming računari", prefix: "GR", pdv: 2000, web: 1000, brands: []string{"Asus", "Lenovo", "HP", "Dell"}, product: modelName("Desktop računar", map[string][]string{"Asus": {"ROG Strix G15", "TUF Gaming GT301"}, "Lenovo": {"Legion T5", "IdeaCentre Gaming 5"}, "HP": {"Omen 25L", "Victus 15L"}, "Dell": {"Alienware Aurora R15", "XPS 8960"}}, []string{"i5 16GB 512GB RTX 4060", "i7 32GB 1TB RTX 4070", "Ryzen 7 16GB 1TB RX 7700"}), priceMin: 90000, priceMax: 350000, attrs: []string{"RAM", "Procesor", "Kapacitet skladišta"}},
				{name: "Kancelarijski računari", prefix: "KR", pdv: 2000, web: 800, brands: []string{"HP", "Dell", "Lenovo"}, product: modelName("Računar", map[string][]string{"HP": {"ProDesk 400 G7", "290 G9"}, "Dell": {"OptiPlex 3000", "Vostro 3910"}, "Lenovo": {"ThinkCentre M70s", "V50s"}}, []string{"i3 8GB 256GB", "i5 8GB 512GB", "i5 16GB 512GB"}), priceMin: 35000, priceMax: 90000, attrs: []string{"RAM", "Procesor", "Kapacitet skladišta"}},
			}},
			{name: "Komponente", prefix: "KOM", pdv: 2000, web: 800, children: []demoCategory{
				{name: "Grafičke kartice", prefix: "GK", pdv: 2000, web: 700, brands: []string{"Asus", "Gigabyte", "MSI"}, product: modelName("Grafička kartica", map[string][]string{"Asus": {"DUAL RTX 4060 8GB", "TUF RTX 4070 Ti 12GB"}, "Gigabyte": {"RTX 4060 Eagle OC 8GB", "RX 7600 Gaming OC 8GB"}, "MSI": {"RTX 4070 Ventus 2X 12GB", "RTX 4060 Ti Gaming X 8GB"}}), priceMin: 30000, priceMax: 140000, attrs: []string{"RAM"}},
				{name: "SSD diskovi", prefix: "SSD", pdv: 2000, web: 900, brands: []string{"Samsung", "Kingston", "WD"}, product: modelName("SSD", map[string][]string{"Samsung": {"980 M.2 NVMe", "990 PRO M.2 NVMe", "870 EVO 2.5\""}, "Kingston": {"NV2 M.2 NVMe", "A400 2.5\""}, "WD": {"Blue SN580 M.2", "Black SN850X M.2"}}, []string{"500GB", "1TB", "2TB"}), priceMin: 3500, priceMax: 25000, attrs: []string{"Kapacitet skladišta"}},
				{name: "Memorije", prefix: "MEM", pdv: 2000, web: 900, brands: []string{"Kingston", "Corsair"}, product: modelName("Memorija", map[string][]string{"Kingston": {"FURY Beast DDR4 3200MHz", "FURY Beast DDR5 5600MHz"}, "Corsair": {"Vengeance LPX DDR4 3200MHz", "Vengeance DDR5 6000MHz"}}, []string{"8GB", "16GB", "2x16GB"}), priceMin: 2000, priceMax: 15000, attrs: []string{"RAM"}},
			}},
			{name: "Monitori", prefix: "MON", pdv: 2000, web: 1000, children: []demoCategory{
				{name: "Gaming monitori", prefix: "GM", pdv: 2000, web: 1000, brands: []string{"Samsung", "LG", "Asus", "Dell"}, product: modelName("Monitor", monitorSeries, []string{"165Hz", "144Hz", "240Hz"}), priceMin: 20000, priceMax: 90000, attrs: []string{"Dijagonala ekrana", "Rezolucija"}},
				{name: "Kancelarijski monitori", prefix: "KM", pdv: 2000, web: 900, brands: []string{"Samsung", "LG", "Dell", "Philips", "Asus"}, product: modelName("Monitor", monitorSeries, []string{"IPS", "VA", "IPS USB-C"}), priceMin: 11000, priceMax: 60000, attrs: []string{"Dijagonala ekrana", "Rezolucija", "Boja"}},
			}},
		}},
		{name: "Telefoni i tableti", prefix: "TT", pdv: 2000, web: 1000, children: []demoCategory{
			{name: "Mobilni telefoni", prefix: "MT", pdv: 2000, web: 1000, children: []demoCategory{
				{name: "Android telefoni", prefix: "AT", pdv: 2000, web: 1000, minPrice: 8000_00, brands: []string{"Samsung", "Xiaomi", "Motorola"}, product: modelName("Mobilni telefon", phoneSeries, []string{"Crni", "Plavi", "Zeleni", "Beli"}), priceMin: 12000, priceMax: 140000, attrs: []string{"RAM", "Kapacitet skladišta", "Dijagonala ekrana", "Boja"}},
				{name: "iPhone", prefix: "IP", pdv: 2000, web: 800, minPrice: 50000_00, brands: []string{"Apple"}, product: modelName("Mobilni telefon", phoneSeries, []string{"Midnight", "Starlight", "Blue", "Pink"}), priceMin: 65000, priceMax: 160000, attrs: []string{"Kapacitet skladišta", "Boja"}},
			}},
			{name: "Tableti", prefix: "TB", pdv: 2000, web: 1000, brands: []string{"Samsung", "Lenovo", "Apple", "Xiaomi"}, product: modelName("Tablet", tabletSeries, []string{"Sivi", "Srebrni", "Plavi"}), priceMin: 15000, priceMax: 90000, attrs: []string{"RAM", "Kapacitet skladišta", "Dijagonala ekrana", "Boja"}},
			{name: "Pametni satovi", prefix: "PS", pdv: 2000, web: 1200, brands: []string{"Samsung", "Apple", "Xiaomi"}, product: modelName("Pametni sat", map[string][]string{"Samsung": {"Galaxy Watch6 40mm", "Galaxy Watch6 Classic 47mm"}, "Apple": {"Watch SE 40mm", "Watch Series 9 45mm"}, "Xiaomi": {"Redmi Watch 3", "Watch 2 Pro"}}, []string{"Crni", "Srebrni", "Zlatni"}), priceMin: 6000, priceMax: 60000, attrs: []string{"Boja", "Povezivanje"}},
		}},
		{name: "TV, audio i video", prefix: "TV", pdv: 2000, web: 1000, children: []demoCategory{
			{name: "Televizori", prefix: "TEL", pdv: 2000, web: 1000, children: []demoCategory{
				{name: "LED televizori", prefix: "LED", pdv: 2000, web: 900, minPrice: 20000_00, brands: []string{"Samsung", "LG", "Sony", "Philips", "Xiaomi"}, product: modelName("Televizor", tvSeries, []string{"Smart", "Android TV", "Google TV"}), priceMin: 25000, priceMax: 150000, attrs: []string{"Dijagonala ekrana", "Rezolucija", "Energetska klasa"}},
				{name: "OLED televizori", prefix: "OLE", pdv: 2000, web: 900, minPrice: 80000_00, brands: []string{"LG", "Sony", "Samsung", "Philips"}, product: modelName("Televizor", tvSeries, []string{"OLED 4K", "OLED evo 4K"}), priceMin: 100000, priceMax: 400000, attrs: []string{"Dijagonala ekrana", "Rezolucija", "Energetska klasa"}},
			}},
			{name: "Audio", prefix: "AUD", pdv: 2000, web: 1200, children: []demoCategory{
				{name: "Slušalice", prefix: "SL", pdv: 2000, web: 1300, brands: []string{"Sony", "JBL", "Apple", "Samsung"}, product: modelName("Slušalice", map[string][]string{"Sony": {"WH-1000XM5", "WH-CH520", "WF-C700N"}, "JBL": {"Tune 520BT", "Live 660NC", "Wave Buds"}, "Apple": {"AirPods 3", "AirPods Pro 2"}, "Samsung": {"Galaxy Buds FE", "Galaxy Buds2 Pro"}}, []string{"Crne", "Bele", "Plave"}), priceMin: 2500, priceMax: 40000, attrs: []string{"Boja", "Povezivanje"}},
				{name: "Zvučnici", prefix: "ZV", pdv: 2000, web: 1300, brands: []string{"JBL", "Sony", "Philips"}, product: modelName("Bluetooth zvučnik", map[string][]string{"JBL": {"Flip 6", "Charge 5", "Go 3", "PartyBox 110"}, "Sony": {"SRS-XB100", "SRS-XG300"}, "Philips": {"TAS2505B", "TAX3206"}}), priceMin: 3000, priceMax: 45000, attrs: []string{"Boja", "Povezivanje", "Snaga"}},
				{name: "Soundbar", prefix: "SB", pdv: 2000, web: 1100, brands: []string{"Samsung", "LG", "Sony"}, product: modelName("Soundbar", map[string][]string{"Samsung": {"HW-B450", "HW-Q600C"}, "LG": {"S40Q", "S65Q"}, "Sony": {"HT-S400", "HT-A3000"}}), priceMin: 15000, priceMax: 80000, attrs: []string{"Snaga", "Povezivanje"}},
			}},
		}},
		{name: "Bela tehnika", prefix: "BT", pdv: 2000, web: 800, children: []demoCategory{
			{name: "Frižideri", prefix: "FR", pdv: 2000, web: 800, children: []demoCategory{
				{name: "Kombinovani frižideri", prefix: "KF", pdv: 2000, web: 800, minPrice: 25000_00, brands: []string{"Gorenje", "Beko", "Bosch", "Samsung", "LG"}, product: modelName("Kombinovani frižider", fridgeSeries, []string{"NoFrost", "Total NoFrost", ""}), priceMin: 30000, priceMax: 120000, attrs: []string{"Energetska klasa", "Zapremina", "Boja"}},
				{name: "Side by side frižideri", prefix: "SBS", pdv: 2000, web: 800, minPrice: 70000_00, brands: []string{"Samsung", "LG", "Beko", "Bosch"}, product: modelName("Side by side frižider", fridgeSeries, []string{"NoFrost", "sa ledomatom"}), priceMin: 90000, priceMax: 260000, attrs: []string{"Energetska klasa", "Zapremina", "Boja"}},
			}},
			{name: "Veš mašine", prefix: "VM", pdv: 2000, web: 800, children: []demoCategory{
				{name: "Veš mašine sa prednjim punjenjem", prefix: "VMP", pdv: 2000, web: 800, minPrice: 25000_00, brands: []string{"Gorenje", "Beko", "Bosch", "LG", "Samsung"}, product: modelName("Veš mašina", washerSeries, []string{"1200 obr", "1400 obr", "1600 obr"}), priceMin: 30000, priceMax: 90000, attrs: []string{"Energetska klasa", "Kapacitet pranja", "Boja"}},
				{name: "Mašine za pranje i sušenje", prefix: "MPS", pdv: 2000, web: 800, brands: []string{"Gorenje", "Beko", "LG", "Samsung"}, product: modelName("Mašina za pranje i sušenje", washerSeries, []string{"1400 obr", "1600 obr"}), priceMin: 50000, priceMax: 120000, attrs: []string{"Energetska klasa", "Kapacitet pranja"}},
			}},
			{name: "Šporeti", prefix: "SP", pdv: 2000, web: 800, brands: []string{"Gorenje", "Beko", "Bosch"}, product: modelName("Šporet", map[string][]string{"Gorenje": {"GEC5C41WG", "K5341WF", "GK5C41WF"}, "Beko": {"FSE 57310 GW", "FSS 54010 DW"}, "Bosch": {"HXN390D50L", "HKR39C250"}}, []string{"Električni", "Kombinovani", "Staklokeramički"}), priceMin: 25000, priceMax: 90000, attrs: []string{"Energetska klasa", "Boja"}},
		}},
		{name: "Mali kućni aparati", prefix: "MKA", pdv: 2000, web: 1200, children: []demoCategory{
			{name: "Usisivači", prefix: "US", pdv: 2000, web: 1200, children: []demoCategory{
				{name: "Štapni usisivači", prefix: "SU", pdv: 2000, web: 1200, brands: []string{"Bosch", "Philips", "Xiaomi", "Samsung"}, product: modelName("Štapni usisivač", map[string][]string{"Bosch": {"BBS611LAG Unlimited", "BCHF216S"}, "Philips": {"XC3131/01", "XC8349/01"}, "Xiaomi": {"Vacuum Cleaner G10", "G11"}, "Samsung": {"Jet 60 VS15A6031R1", "Bespoke Jet"}}), priceMin: 10000, priceMax: 70000, attrs: []string{"Snaga", "Boja"}},
				{name: "Robot usisivači", prefix: "RU", pdv: 2000, web: 1200, brands: []string{"Xiaomi", "Samsung", "Philips"}, product: modelName("Robot usisivač", map[string][]string{"Xiaomi": {"Robot Vacuum S10", "Robot Vacuum X10+"}, "Samsung": {"Jet Bot VR30T80313W"}, "Philips": {"XU2000/10", "HomeRun 3000"}}), priceMin: 18000, priceMax: 90000, attrs: []string{"Povezivanje", "Boja"}},
			}},
			{name: "Kuhinjski aparati", prefix: "KA", pdv: 2000, web: 1300, children: []demoCategory{
				{name: "Aparati za kafu", prefix: "AK", pdv: 2000, web: 1300, brands: []string{"Philips", "Bosch", "Gorenje"}, product: modelName("Aparat za kafu", map[string][]string{"Philips": {"EP1220/00", "EP2231/40", "LatteGo EP5447"}, "Bosch": {"TIS30321RW", "TAS1002"}, "Gorenje": {"ESCM15DBK", "CMN1500BK"}}), priceMin: 5000, priceMax: 90000, attrs: []string{"Snaga", "Boja"}},
				{name: "Blenderi", prefix: "BL", pdv: 2000, web: 1300, brands: []string{"Philips", "Bosch", "Gorenje", "Xiaomi"}, product: modelName("Blender", map[string][]string{"Philips": {"HR2041/00", "HR3573/90"}, "Bosch": {"MMB6141B", "MSM2610B"}, "Gorenje": {"B800ORAB", "HBX884QE"}, "Xiaomi": {"Smart Blender"}}), priceMin: 2500, priceMax: 20000, attrs: []string{"Snaga", "Boja"}},
			}},
		}},
		{name: "Kancelarijska oprema", prefix: "KO", pdv: 2000, web: 1000, children: []demoCategory{
			{name: "Štampači", prefix: "STA", pdv: 2000, web: 1000, children: []demoCategory{
				{name: "Laserski štampači", prefix: "LS", pdv: 2000, web: 1000, brands: []string{"HP", "Canon", "Brother"}, product: modelName("Laserski štampač", printerSeries, []string{"A4", "A4 Wi-Fi", "A4 Duplex"}), priceMin: 12000, priceMax: 70000, attrs: []string{"Tip štampe", "Povezivanje"}},
				{name: "Inkjet štampači", prefix: "IS", pdv: 2000, web: 1000, brands: []string{"HP", "Canon", "Epson"}, product: modelName("Inkjet štampač", printerSeries, []string{"A4", "A4 Wi-Fi", "CISS"}), priceMin: 6000, priceMax: 50000, attrs: []string{"Tip štampe", "Povezivanje"}},
			}},
			{name: "Skeneri", prefix: "SKE", pdv: 2000, web: 1000, brands: []string{"Canon", "Epson", "HP"}, product: modelName("Skener", map[string][]string{"Canon": {"CanoScan LiDE 300", "CanoScan LiDE 400"}, "Epson": {"Perfection V39II", "WorkForce DS-530II"}, "HP": {"ScanJet Pro 2600 f1"}}), priceMin: 7000, priceMax: 60000, attrs: []string{"Povezivanje"}},
			{name: "Potrošni materijal", prefix: "PM", pdv: 2000, web: 1500, children: []demoCategory{
				{name: "Toneri", prefix: "TON", pdv: 2000, web: 1500, brands: []string{"HP", "Canon", "Brother"}, product: modelName("Toner", map[string][]string{"HP": {"CF259A", "W1106A", "CF217A"}, "Canon": {"CRG-057", "CRG-055H"}, "Brother": {"TN-2421", "TN-2411"}}, []string{"Crni", "Originalni"}), priceMin: 2500, priceMax: 18000, attrs: []string{"Boja"}},
				{name: "Kertridži", prefix: "KER", pdv: 2000, web: 1500, brands: []string{"HP", "Canon", "Epson"}, product: modelName("Kertridž", map[string][]string{"HP": {"305 Black", "305 Tri-color", "953XL"}, "Canon": {"PG-545", "CL-546"}, "Epson": {"103 EcoTank", "T9441"}}), priceMin: 1200, priceMax: 8000, attrs: []string{"Boja"}},
			}},
		}},
		// Books carry the reduced VAT rate (10 %).
		{name: "Knjige i edukacija", prefix: "KE", pdv: 1000, web: 1500, children: []demoCategory{
			{name: "Stručna literatura", prefix: "SLI", pdv: 1000, web: 1500, children: []demoCategory{
				{name: "IT literatura", prefix: "ITL", pdv: 1000, web: 1500, brands: []string{"Kompjuter biblioteka", "Mikro knjiga"}, product: modelName("Knjiga", map[string][]string{"Kompjuter biblioteka": {"Go programiranje", "Python za početnike", "SQL u praksi"}, "Mikro knjiga": {"Linux administracija", "Mreže računara", "Algoritmi i strukture podataka"}}, []string{"(2. izdanje)", "(3. izdanje)", ""}), priceMin: 1500, priceMax: 6000, attrs: nil},
			}},
		}},
	}
}

// demoSuppliers are invented distributors (names of real ones would mislead).
var demoSuppliers = []string{"Digitalna Distribucija d.o.o.", "ElektroNet Trade d.o.o.", "Tehno Veleprodaja Beograd"}

// SeedCatalog fills an empty catalogue with the demo shop's: a 3-level category tree, brands,
// the manufacturer attribute (24) and others with values, discount and sticker types,
// about DemoProducts products with attributes, a few actions and stickers, pictures (see
// CatalogOptions) and three suppliers with price-list rows, some connected. It does nothing
// (false) when the catalogue has any category or product already. The bulk is set-based, in
// one transaction, and the same on every run (a fixed random seed).
func SeedCatalog(ctx context.Context, gdb *gorm.DB, o CatalogOptions) (bool, error) {
	var n int64
	if err := gdb.WithContext(ctx).Raw("SELECT (SELECT COUNT(*) FROM categories) + (SELECT COUNT(*) FROM products)").Scan(&n).Error; err != nil {
		return false, fmt.Errorf("demo catalogue: %w", err)
	}
	if n > 0 {
		return false, nil
	}
	prices := pricing.NewService(gdb, nil, nil, slog.New(slog.DiscardHandler), clock.System())
	cat := o.Catalog
	if cat == nil {
		cat = catalog.NewService(gdb, o.Blobs, nil, prices, slog.New(slog.DiscardHandler), clock.System(), nil)
	}
	// The manufacturer attribute keeps its fixed id, so it comes before any other attribute.
	if err := cat.EnsureManufacturerAttribute(ctx); err != nil {
		return false, fmt.Errorf("demo catalogue: %w", err)
	}
	var stickerKeys map[string][2]string
	if o.Blobs != nil {
		var err error
		if stickerKeys, err = storeStickerImages(ctx, o.Blobs); err != nil {
			return false, fmt.Errorf("demo catalogue: sticker images: %w", err)
		}
	}
	var products []productRef
	err := gdb.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		products, err = seedCatalogRows(ctx, tx, prices, time.Now().UTC().Truncate(time.Second), stickerKeys)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("demo catalogue: %w", err)
	}
	if err := seedLandingPages(ctx, gdb, o.Blobs, time.Now().UTC().Truncate(time.Second)); err != nil {
		return false, fmt.Errorf("demo catalogue: landing pages: %w", err)
	}
	if o.Catalog != nil && o.Images >= 0 {
		limit := o.Images
		if limit == 0 {
			limit = DefaultCatalogImages
		}
		if err := seedImages(ctx, o.Catalog, products, limit); err != nil {
			return false, fmt.Errorf("demo catalogue: images: %w", err)
		}
	}
	return true, nil
}

// productRef is what the picture step needs of a seeded product.
type productRef struct {
	ID    uint64
	Brand string
}

func seedCatalogRows(ctx context.Context, tx *gorm.DB, prices *pricing.Service, now time.Time, stickerKeys map[string][2]string) ([]productRef, error) {
	r := rand.New(rand.NewSource(demoSeed))

	// Categories, level by level, so parents have their ids.
	type leaf struct {
		cat *catalog.Category
		def demoCategory
	}
	var leaves []leaf
	var walk func(defs []demoCategory, parent *catalog.Category, level int) error
	walk = func(defs []demoCategory, parent *catalog.Category, level int) error {
		rows := make([]*catalog.Category, len(defs))
		for i, d := range defs {
			c := &catalog.Category{Name: d.name, Slug: catalog.Slugify(d.name), Prefix: d.prefix, Position: i, Level: level,
				PdvBps: money.Bps(d.pdv), WebMarginBps: money.Bps(d.web), RetailMarginBps: money.Bps(d.web + 800), DealerMarginBps: money.Bps(d.web / 2),
				DescriptionTime: "3-5 radnih dana", MinPrice: money.Para(d.minPrice), AllowedRebate: 500,
				DeclarationName: d.name, CountryOfOrigin: "Kina", ConsumerRights: "Potrošač ima pravo na saobraznost robe u skladu sa Zakonom o zaštiti potrošača.",
				Active: true, CreatedAt: now, UpdatedAt: now}
			if parent != nil {
				c.ParentID = &parent.ID
			}
			rows[i] = c
		}
		if err := tx.Create(rows).Error; err != nil {
			return fmt.Errorf("categories: %w", err)
		}
		for i, d := range defs {
			if len(d.children) > 0 {
				if err := walk(d.children, rows[i], level+1); err != nil {
					return err
				}
				continue
			}
			leaves = append(leaves, leaf{rows[i], d})
		}
		return nil
	}
	if err := walk(demoTree(), nil, 1); err != nil {
		return nil, err
	}

	// Brands and their manufacturer values (attribute 24), one per brand.
	var brandNames []string
	seen := map[string]bool{}
	for _, l := range leaves {
		for _, b := range l.def.brands {
			if !seen[b] {
				seen[b] = true
				brandNames = append(brandNames, b)
			}
		}
	}
	brands := make([]*catalog.Brand, len(brandNames))
	manufacturers := make([]*catalog.AttributeValue, len(brandNames))
	for i, b := range brandNames {
		brands[i] = &catalog.Brand{Name: b, CreatedAt: now, UpdatedAt: now}
		manufacturers[i] = &catalog.AttributeValue{AttributeID: catalog.ManufacturerAttributeID, Value: b, Position: i, Active: true, CreatedAt: now, UpdatedAt: now}
	}
	if err := tx.Create(brands).Error; err != nil {
		return nil, fmt.Errorf("brands: %w", err)
	}
	if err := tx.Create(manufacturers).Error; err != nil {
		return nil, fmt.Errorf("manufacturers: %w", err)
	}
	brandID, manufacturerID := map[string]uint64{}, map[string]uint64{}
	for i, b := range brandNames {
		brandID[b], manufacturerID[b] = brands[i].ID, manufacturers[i].ID
	}

	// Attributes with their values, linked to the leaf categories that use them.
	attrID := map[string]uint64{}
	valueIDs := map[string][]uint64{}
	for i, name := range demoAttributeOrder {
		a := &catalog.Attribute{Name: name, Position: i + 1, Active: true, CreatedAt: now, UpdatedAt: now}
		if err := tx.Omit("Values").Create(a).Error; err != nil {
			return nil, fmt.Errorf("attribute %s: %w", name, err)
		}
		attrID[name] = a.ID
		vals := make([]*catalog.AttributeValue, len(demoAttributes[name]))
		for j, v := range demoAttributes[name] {
			vals[j] = &catalog.AttributeValue{AttributeID: a.ID, Value: v, Position: j, Active: true, CreatedAt: now, UpdatedAt: now}
		}
		if err := tx.Create(vals).Error; err != nil {
			return nil, fmt.Errorf("values of %s: %w", name, err)
		}
		for _, v := range vals {
			valueIDs[name] = append(valueIDs[name], v.ID)
		}
	}
	var links []catalog.CategoryAttribute
	for _, l := range leaves {
		links = append(links, catalog.CategoryAttribute{CategoryID: l.cat.ID, AttributeID: catalog.ManufacturerAttributeID, Position: 0, Active: true})
		for j, a := range l.def.attrs {
			links = append(links, catalog.CategoryAttribute{CategoryID: l.cat.ID, AttributeID: attrID[a], Position: j + 1, Active: true})
		}
	}
	if err := tx.CreateInBatches(links, 1000).Error; err != nil {
		return nil, fmt.Errorf("category attributes: %w", err)
	}

	// Discount and catalog sticker types.
	discountTypes := []*pricing.DiscountType{
		{Name: "Akcija", IsPercentage: false, Text: "AKCIJA", Color: "#e53935", ShowInShockSale: true, CreatedAt: now, UpdatedAt: now},
		{Name: "Popust %", IsPercentage: true, Text: "POPUST", Color: "#fb8c00", CreatedAt: now, UpdatedAt: now},
		{Name: "Outlet", IsPercentage: true, Text: "OUTLET", Color: "#6d4c41", CreatedAt: now, UpdatedAt: now},
	}
	if err := tx.Create(discountTypes).Error; err != nil {
		return nil, fmt.Errorf("discount types: %w", err)
	}
	var stickerTypes []*catalog.CatalogStickerType
	for _, st := range demoStickers {
		keys := stickerKeys[st.name]
		day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
		from, to := day.AddDate(0, 0, st.from), day.AddDate(0, 0, st.to)
		stickerTypes = append(stickerTypes, &catalog.CatalogStickerType{Name: st.name, Slug: catalog.Slugify(st.name),
			StickerKey: keys[0], DesktopImageKey: keys[1], ValidFrom: &from, ValidTo: &to, CreatedAt: now, UpdatedAt: now})
	}
	if err := tx.Create(stickerTypes).Error; err != nil {
		return nil, fmt.Errorf("sticker types: %w", err)
	}

	// Products: about DemoProducts spread over the leaves, a few inactive or hidden.
	per := DemoProducts / len(leaves)
	var products []*catalog.Product
	var productCats []catalog.ProductCategory
	var refs []productRef
	var leafOf []leaf
	// Round-robin over the leaves: the newest products (the lists' first pages) span them all.
	for i := 0; i < per; i++ {
		for _, l := range leaves {
			brand := pick(r, l.def.brands)
			name := strings.Join(strings.Fields(l.def.product(r, brand)), " ")
			sku := fmt.Sprintf("%s%05d", l.def.prefix, len(products)+1)
			entry := money.Para((l.def.priceMin + r.Int63n(l.def.priceMax-l.def.priceMin+1)) / 10 * 10 * 100)
			p := pricing.Derive(entry, l.cat.Margins()) // what the recompute below stores
			bid, mid := brandID[brand], manufacturerID[brand]
			products = append(products, &catalog.Product{
				SKU: sku, Name: name, Slug: catalog.Slugify(name) + "-" + strings.ToLower(sku),
				Description: demoDescription(name), SearchText: catalog.Fold(name + " " + sku),
				Active: r.Intn(100) >= 5, Visible: r.Intn(100) >= 5, Eponuda: r.Intn(100) < 30,
				EntryPrice: entry, WebPrice: p.Web, RetailPrice: p.Retail, DealerPrice: p.Dealer, AuthPrice: p.Authenticated,
				Stock: r.Intn(40), EAN: demoEAN(r), CountryOfOrigin: pick(r, []string{"Kina", "Južna Koreja", "Tajvan", "Nemačka", "Slovenija", "Turska", "Srbija"}),
				MainCategoryID: l.cat.ID, BrandID: &bid, ManufacturerID: &mid, CreatedAt: now, UpdatedAt: now,
			})
			leafOf = append(leafOf, l)
			refs = append(refs, productRef{Brand: brand})
		}
	}
	if err := tx.Omit(pricing.Columns...).CreateInBatches(products, 100).Error; err != nil {
		return nil, fmt.Errorf("products: %w", err)
	}
	// The catalogue was empty: every product is new, priced by pricing's one statement.
	if _, err := prices.RecomputeTx(ctx, tx, pricing.AddedAfter(0)); err != nil {
		return nil, fmt.Errorf("product prices: %w", err)
	}
	var pattrs []catalog.ProductAttribute
	for i, p := range products {
		refs[i].ID = p.ID
		l := leafOf[i]
		productCats = append(productCats, catalog.ProductCategory{ProductID: p.ID, CategoryID: l.cat.ID})
		if l.cat.ParentID != nil && r.Intn(4) == 0 {
			// Some products are listed in the parent category too.
			productCats = append(productCats, catalog.ProductCategory{ProductID: p.ID, CategoryID: *l.cat.ParentID})
		}
		pattrs = append(pattrs, catalog.ProductAttribute{ProductID: p.ID, AttributeID: catalog.ManufacturerAttributeID, AttributeValueID: p.ManufacturerID, Position: 0, Active: true, CreatedAt: now, UpdatedAt: now})
		for j, a := range l.def.attrs {
			v := pick(r, valueIDs[a])
			pattrs = append(pattrs, catalog.ProductAttribute{ProductID: p.ID, AttributeID: attrID[a], AttributeValueID: &v, Position: j + 1, Active: true, CreatedAt: now, UpdatedAt: now})
		}
	}
	if err := tx.CreateInBatches(productCats, 500).Error; err != nil {
		return nil, fmt.Errorf("product categories: %w", err)
	}
	if err := tx.CreateInBatches(pattrs, 200).Error; err != nil {
		return nil, fmt.Errorf("product attributes: %w", err)
	}

	// Actions on a few products, valid around today; catalog stickers on others.
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	// The products' web prices are pricing's (written by the recompute above, not on the structs).
	webPrice := map[uint64]int64{}
	var priced []struct {
		ID       uint64
		WebPrice int64
	}
	if err := tx.Table("products").Select("id, web_price").Scan(&priced).Error; err != nil {
		return nil, fmt.Errorf("product prices: %w", err)
	}
	for _, p := range priced {
		webPrice[p.ID] = p.WebPrice
	}
	var discounts []catalog.Discount
	var onAction []uint64
	for _, i := range r.Perm(len(products))[:60] {
		p := products[i]
		p.WebPrice = money.Para(webPrice[p.ID])
		onAction = append(onAction, p.ID)
		d := catalog.Discount{ProductID: p.ID, ValidFrom: today.AddDate(0, 0, -r.Intn(10)), ValidTo: today.AddDate(0, 0, 5+r.Intn(30)), CreatedAt: now, UpdatedAt: now}
		if i%2 == 0 {
			d.DiscountTypeID = discountTypes[0].ID
			d.Price = p.WebPrice * 90 / 100 / 100 * 100 // a round action price, 10 % under the web price
		} else {
			d.DiscountTypeID = discountTypes[1].ID
			d.PercentageBps = money.Bps(500 * (1 + r.Intn(4)))
		}
		discounts = append(discounts, d)
	}
	if err := tx.CreateInBatches(discounts, 500).Error; err != nil {
		return nil, fmt.Errorf("discounts: %w", err)
	}
	// their action prices of today
	if _, err := prices.RecomputeTx(ctx, tx, pricing.Products(onAction...)); err != nil {
		return nil, fmt.Errorf("action prices: %w", err)
	}
	var stickerRows [][]any
	for k, i := range r.Perm(len(products))[:120] {
		st := stickerTypes[k%len(stickerTypes)]
		stickerRows = append(stickerRows, []any{products[i].ID, st.ID, today.AddDate(0, 0, -r.Intn(7)), today.AddDate(0, 0, 7+r.Intn(30)), true, now, now})
	}
	if err := insertRows(tx, "product_catalog_stickers", []string{"product_id", "catalog_sticker_type_id", "valid_from", "valid_to", "active", "created_at", "updated_at"}, stickerRows); err != nil {
		return nil, fmt.Errorf("catalog stickers: %w", err)
	}

	// Suppliers: each connects some shop products (a product to one supplier only) and offers
	// rows not (yet) in the shop.
	order := r.Perm(len(products))
	next := 0
	for si, name := range demoSuppliers {
		s := catalog.Supplier{Name: name, CreatedAt: now, UpdatedAt: now.Add(-time.Duration(si*26) * time.Hour)}
		if err := tx.Create(&s).Error; err != nil {
			return nil, fmt.Errorf("supplier %s: %w", name, err)
		}
		var rows []catalog.SupplierProduct
		var connected []uint64
		for k := 0; k < 250; k++ {
			p := products[order[next]]
			next++
			pid := p.ID
			rows = append(rows, catalog.SupplierProduct{SupplierID: s.ID, SKU: fmt.Sprintf("D%d-%06d", si+1, 10000+k), Name: p.Name,
				Category: leafOf[order[next-1]].def.name, Brand: refs[order[next-1]].Brand, EAN: p.EAN, Price: int64(p.EntryPrice),
				RecommendedPrice: int64(p.RetailPrice), Stock: p.Stock, ProductID: &pid, CreatedAt: now, UpdatedAt: now})
			connected = append(connected, p.ID)
		}
		for k := 0; k < 150; k++ {
			l := leaves[r.Intn(len(leaves))]
			brand := pick(r, l.def.brands)
			price := (l.def.priceMin + r.Int63n(l.def.priceMax-l.def.priceMin+1)) * 100
			rows = append(rows, catalog.SupplierProduct{SupplierID: s.ID, SKU: fmt.Sprintf("D%d-%06d", si+1, 20000+k),
				Name: strings.Join(strings.Fields(l.def.product(r, brand)), " "), Category: l.def.name, Brand: brand, EAN: demoEAN(r),
				Price: price, RecommendedPrice: price * 13 / 10 / 100 * 100, Stock: r.Intn(20), CreatedAt: now, UpdatedAt: now})
		}
		if err := tx.CreateInBatches(rows, 1000).Error; err != nil {
			return nil, fmt.Errorf("supplier products: %w", err)
		}
		if err := tx.Model(&catalog.Product{}).Where("id IN ?", connected).Update("supplier_id", s.ID).Error; err != nil {
			return nil, fmt.Errorf("product suppliers: %w", err)
		}
	}
	return refs, nil
}

// insertRows is a set-based INSERT of rows into table (for tables whose model is not this
// package's to use), in batches under SQLite's bound-parameter limit.
func insertRows(tx *gorm.DB, table string, cols []string, rows [][]any) error {
	if len(rows) == 0 {
		return nil
	}
	one := "(" + strings.TrimSuffix(strings.Repeat("?,", len(cols)), ",") + ")"
	batch := 30000 / len(cols)
	for start := 0; start < len(rows); start += batch {
		end := min(start+batch, len(rows))
		var args []any
		for _, r := range rows[start:end] {
			args = append(args, r...)
		}
		q := "INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES " + strings.TrimSuffix(strings.Repeat(one+",", end-start), ",")
		if err := tx.Exec(q, args...).Error; err != nil {
			return err
		}
	}
	return nil
}

func demoDescription(name string) string {
	return fmt.Sprintf(`{"blocks":[{"type":"paragraph","text":"%s. Garancija 24 meseca. Besplatna dostava za porudžbine preko 5.000 RSD."}]}`,
		strings.ReplaceAll(name, `"`, `\"`))
}

// demoEAN is a 13-digit EAN with its check digit.
func demoEAN(r *rand.Rand) string {
	d := make([]byte, 13)
	d[0], d[1], d[2] = '8', '6', '0' // Serbia's GS1 prefix
	sum := 8*1 + 6*3 + 0*1
	for i := 3; i < 12; i++ {
		n := r.Intn(10)
		d[i] = byte('0' + n)
		if i%2 == 0 {
			sum += n
		} else {
			sum += 3 * n
		}
	}
	d[12] = byte('0' + (10-sum%10)%10)
	return string(d)
}

// demoStickers are the actions; from and to are days from the seeding day: two run now, one
// starts in a few days (the admin's preview).
var demoStickers = []struct {
	name     string
	bg       color.RGBA
	from, to int
}{
	{"Black Friday", color.RGBA{20, 20, 20, 255}, -7, 40},
	{"Novo", color.RGBA{46, 125, 50, 255}, -14, 60},
	{"Super cena", color.RGBA{229, 57, 53, 255}, 5, 35},
}

// storeStickerImages draws each sticker type's card sticker and header image and stores them.
func storeStickerImages(ctx context.Context, blobs blob.Store) (map[string][2]string, error) {
	out := map[string][2]string{}
	for _, st := range demoStickers {
		slug := catalog.Slugify(st.name)
		var keys [2]string
		for i, size := range [][2]int{{160, 60}, {1200, 200}} {
			b, err := drawLabel(size[0], size[1], st.bg, strings.ToUpper(st.name))
			if err != nil {
				return nil, err
			}
			keys[i] = fmt.Sprintf("stickers/demo-%s-%dx%d.png", slug, size[0], size[1])
			if err := blobs.Put(ctx, keys[i], bytes.NewReader(b), int64(len(b)), "image/png"); err != nil {
				return nil, err
			}
		}
		out[st.name] = keys
	}
	return out, nil
}

// brandColor is a stable colour per brand.
func brandColor(brand string) color.RGBA {
	h := uint32(2166136261)
	for i := 0; i < len(brand); i++ {
		h = (h ^ uint32(brand[i])) * 16777619
	}
	return color.RGBA{uint8(60 + h%140), uint8(60 + (h>>8)%140), uint8(60 + (h>>16)%140), 255}
}

func initials(brand string) string {
	var b strings.Builder
	for _, w := range strings.Fields(brand) {
		for _, r := range w {
			b.WriteRune(r)
			break
		}
	}
	s := b.String()
	if len([]rune(s)) < 2 {
		s = brand
		if len([]rune(s)) > 2 {
			s = string([]rune(s)[:2])
		}
	}
	return strings.ToUpper(s)
}

// drawLabel is a w×h PNG: a coloured background with text centred, scaled up from the 7×13
// basic font so it reads at a glance.
func drawLabel(w, h int, bg color.RGBA, text string) ([]byte, error) {
	face := basicfont.Face7x13
	tw := font.MeasureString(face, text).Ceil()
	small := image.NewRGBA(image.Rect(0, 0, tw+4, 17))
	draw.Draw(small, small.Bounds(), &image.Uniform{bg}, image.Point{}, draw.Src)
	d := &font.Drawer{Dst: small, Src: image.White, Face: face, Dot: fixed.P(2, 13)}
	d.DrawString(text)
	scale := min(w*8/10/small.Bounds().Dx(), h*6/10/small.Bounds().Dy())
	scale = max(scale, 1)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{bg}, image.Point{}, draw.Src)
	ox, oy := (w-small.Bounds().Dx()*scale)/2, (h-small.Bounds().Dy()*scale)/2
	for y := 0; y < small.Bounds().Dy()*scale; y++ {
		for x := 0; x < small.Bounds().Dx()*scale; x++ {
			img.SetRGBA(ox+x, oy+y, small.RGBAAt(x/scale, y/scale))
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// seedImages gives the newest limit products (the lists' first pages, every category) a
// picture with their brand's initials, through the images area's upload path, two at a time
// (the work is image encoding).
func seedImages(ctx context.Context, cat *catalog.Service, products []productRef, limit int) error {
	limit = min(limit, len(products))
	newest := products[len(products)-limit:]
	cache := map[string][]byte{}
	for _, p := range newest {
		b := p.Brand
		if _, ok := cache[b]; !ok {
			png, err := drawLabel(400, 400, brandColor(b), initials(b))
			if err != nil {
				return err
			}
			cache[b] = png
		}
	}
	jobs := make(chan productRef)
	errs := make(chan error, 2)
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range jobs {
				if _, err := cat.AddProductImage(ctx, p.ID, bytes.NewReader(cache[p.Brand]), true); err != nil {
					errs <- fmt.Errorf("product %d: %w", p.ID, err)
					for range jobs {
					}
					return
				}
			}
		}()
	}
	for _, p := range newest {
		jobs <- p
	}
	close(jobs)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// BenchSKUPrefix marks the benchmark's products (their SKUs are the prefix and a number).
const BenchSKUPrefix = "BN"

// BenchResult is what SeedBench did.
type BenchResult struct {
	Created  int64 // products added now
	Products int64 // benchmark products in the shop afterwards
}

// SeedBench makes the shop a benchmark catalogue of n products: the demo shop (users and
// catalogue, refusing real users like Seed) plus products BN1..BNn spread over the demo's leaf
// categories and brands, with prices derived by pricing's recompute, categories and the
// manufacturer attribute. Each step is one INSERT ... SELECT over a generated series, so 100k
// products take seconds; a second run adds only what is missing.
func SeedBench(ctx context.Context, gdb *gorm.DB, ids *identity.Service, n int64) (BenchResult, error) {
	var res BenchResult
	err := db.WithLock(ctx, gdb, db.LockDemoSeed, func() error {
		if _, err := Seed(ctx, ids); err != nil {
			return err
		}
		if _, err := SeedCatalog(ctx, gdb, CatalogOptions{Images: -1}); err != nil {
			return err
		}
		return gdb.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			var have int64
			if err := tx.Raw("SELECT COUNT(*) FROM products WHERE sku LIKE ?", BenchSKUPrefix+"%").Scan(&have).Error; err != nil {
				return err
			}
			if have >= n {
				res.Products = have
				return nil
			}
			var before uint64
			if err := tx.Raw("SELECT COALESCE(MAX(id), 0) FROM products").Scan(&before).Error; err != nil {
				return err
			}
			series := "WITH RECURSIVE g(n) AS (SELECT CAST(? AS BIGINT) UNION ALL SELECT n + 1 FROM g WHERE n < ?)"
			if db.IsPostgres(tx) {
				series = "WITH g(n) AS (SELECT generate_series(CAST(? AS BIGINT), CAST(? AS BIGINT)))"
			}
			// Entry prices from 1,000 to 200,999 RSD; the derived prices are pricing's (below).
			q := `INSERT INTO products (sku, name, slug, description, search_text, active, visible, eponuda,
				entry_price, ep_price, stock, ean,
				country_of_origin, main_category_id, brand_id, manufacturer_id, energy_sticker_key, created_at, updated_at)
			` + series + `,
			leaves AS (SELECT c.id, c.name, ROW_NUMBER() OVER (ORDER BY c.id) - 1 AS k
				FROM categories c WHERE NOT EXISTS (SELECT 1 FROM categories s WHERE s.parent_id = c.id)),
			bs AS (SELECT b.id, b.name, v.id AS manufacturer_id, ROW_NUMBER() OVER (ORDER BY b.id) - 1 AS k
				FROM brands b LEFT JOIN attribute_values v ON v.attribute_id = ? AND v.value = b.name),
			p AS (SELECT g.n, l.id AS category_id, l.name AS category, bs.id AS brand_id, bs.name AS brand, bs.manufacturer_id,
					(100000 + (g.n * 7919) % 20000000) AS entry
				FROM g JOIN leaves l ON l.k = g.n % (SELECT COUNT(*) FROM leaves)
				JOIN bs ON bs.k = (g.n / 7) % (SELECT COUNT(*) FROM bs))
			SELECT ? || p.n, p.category || ' ' || p.brand || ' model ' || p.n, 'bench-' || p.n, '',
				LOWER(p.category || ' ' || p.brand || ' model ' || p.n || ' ' || ? || p.n),
				p.n % 20 <> 0, p.n % 17 <> 0, p.n % 3 = 0,
				p.entry, 0, p.n % 50, '', 'Kina', p.category_id, p.brand_id, p.manufacturer_id, '', ?, ?
			FROM p`
			now := time.Now().UTC().Truncate(time.Microsecond)
			ins := tx.Exec(q, have+1, n, catalog.ManufacturerAttributeID, BenchSKUPrefix, BenchSKUPrefix, now, now)
			if ins.Error != nil {
				return fmt.Errorf("bench products: %w", ins.Error)
			}
			res.Created = ins.RowsAffected
			res.Products = have + ins.RowsAffected
			prices := pricing.NewService(gdb, nil, nil, slog.New(slog.DiscardHandler), clock.System())
			if _, err := prices.RecomputeTx(ctx, tx, pricing.AddedAfter(before)); err != nil {
				return fmt.Errorf("bench prices: %w", err)
			}
			for _, q := range []string{
				`INSERT INTO product_categories (product_id, category_id) SELECT id, main_category_id FROM products WHERE id > ?`,
				`INSERT INTO product_attributes (product_id, attribute_id, attribute_value_id, position, active, created_at, updated_at)
					SELECT id, ` + fmt.Sprint(catalog.ManufacturerAttributeID) + `, manufacturer_id, 0, ` + sqlTrue(tx) + `, created_at, updated_at FROM products WHERE id > ?`,
			} {
				if err := tx.Exec(q, before).Error; err != nil {
					return fmt.Errorf("bench products: %w", err)
				}
			}
			return nil
		})
	})
	if err == nil && db.IsPostgres(gdb) {
		// Fresh statistics, so the planner sees 100k rows rather than the empty tables it knew.
		err = gdb.WithContext(ctx).Exec("ANALYZE products, product_categories, product_attributes").Error
	}
	return res, err
}

func sqlTrue(tx *gorm.DB) string {
	if db.IsPostgres(tx) {
		return "TRUE"
	}
	return "1"
}
