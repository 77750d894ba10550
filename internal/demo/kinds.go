package demo

import (
	"math/rand"
	"sort"
	"strings"
)

// The demo catalogue's products are drawn from what a kind of product can be: real-looking
// models with their fixed data (a screen size, a processor, a price) and the variants a shop
// sells of each (memory, storage, colour). A product's name is built from its model and the
// values it was given, so its attributes always agree with its name, every name is another
// product, and its price follows its model and variant (docs/catalog.md "Demo catalogue").

// Attribute names of the demo shop.
const (
	attrRAM        = "RAM"
	attrCPU        = "Procesor"
	attrStorage    = "Kapacitet skladišta"
	attrScreen     = "Dijagonala ekrana"
	attrResolution = "Rezolucija"
	attrEnergy     = "Energetska klasa"
	attrColour     = "Boja"
	attrVolume     = "Zapremina"
	attrLoad       = "Kapacitet pranja"
	attrPrintType  = "Tip štampe"
	attrConnection = "Povezivanje"
	attrPower      = "Snaga"
)

// demoAttributeOrder is the attributes' order on screens (and their ids after the
// manufacturer attribute).
var demoAttributeOrder = []string{attrRAM, attrCPU, attrStorage, attrScreen, attrResolution, attrEnergy, attrColour, attrVolume,
	attrLoad, attrPrintType, attrConnection, attrPower}

// demoModel is one model of a brand: its name, the entry price (RSD) of its first variant and
// its fixed attribute values (pairs of name and value).
type demoModel struct {
	name  string
	price int64
	attrs []string
}

// demoVariant is a choice every model of the kind is sold in; each later value costs step
// more (0.1: 10 % more than the previous one). Its value is always in the name.
type demoVariant struct {
	attr   string
	values []string
	step   float64
}

// demoKind is what the products of a leaf category are.
type demoKind struct {
	label    string // the kind's word, first in every name ("Laptop")
	picture  string // what its generated picture shows (drawKind)
	models   map[string][]demoModel
	variants []demoVariant
	// name lists the attributes shown in the name after the model, in this order (every
	// variant among them).
	name []string
}

func mdl(name string, price int64, attrs ...string) demoModel {
	return demoModel{name: name, price: price, attrs: attrs}
}

// demoSpec is one product of a kind.
type demoSpec struct {
	brand string
	name  string
	attrs map[string]string
	entry int64 // RSD
}

// brands are the kind's brands, sorted.
func (k *demoKind) brands() []string {
	out := make([]string, 0, len(k.models))
	for b := range k.models {
		out = append(out, b)
	}
	sort.Strings(out)
	return out
}

// attrs are the attributes the kind's products carry, in the screens' order.
func (k *demoKind) attrs() []string {
	has := map[string]bool{}
	for _, ms := range k.models {
		for _, m := range ms {
			for i := 0; i+1 < len(m.attrs); i += 2 {
				has[m.attrs[i]] = true
			}
		}
	}
	for _, v := range k.variants {
		has[v.attr] = true
	}
	var out []string
	for _, a := range demoAttributeOrder {
		if has[a] {
			out = append(out, a)
		}
	}
	return out
}

// specs are every product the kind can be (each model in each combination of variants), in a
// shuffled order: names are unique because each combination is another name.
func (k *demoKind) specs(r *rand.Rand) []demoSpec {
	var out []demoSpec
	for _, b := range k.brands() {
		for _, m := range k.models[b] {
			combos := []map[string]int{{}}
			for _, v := range k.variants {
				var next []map[string]int
				for _, c := range combos {
					for i := range v.values {
						n := map[string]int{v.attr: i}
						for kk, vv := range c {
							n[kk] = vv
						}
						next = append(next, n)
					}
				}
				combos = next
			}
			for _, c := range combos {
				s := demoSpec{brand: b, attrs: map[string]string{}}
				for i := 0; i+1 < len(m.attrs); i += 2 {
					s.attrs[m.attrs[i]] = m.attrs[i+1]
				}
				price := float64(m.price)
				for _, v := range k.variants {
					i := c[v.attr]
					s.attrs[v.attr] = v.values[i]
					for j := 0; j < i; j++ {
						price *= 1 + v.step
					}
				}
				parts := []string{k.label, b, m.name}
				for _, a := range k.name {
					if v := s.attrs[a]; v != "" {
						parts = append(parts, v)
					}
				}
				s.name = strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
				// A shop's price varies a little around the model's.
				s.entry = int64(price*(0.97+0.06*r.Float64())) / 10 * 10
				out = append(out, s)
			}
		}
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

var (
	ramLaptop     = demoVariant{attrRAM, []string{"8GB", "16GB", "32GB"}, 0.1}
	ramGaming     = demoVariant{attrRAM, []string{"16GB", "32GB"}, 0.12}
	storageLaptop = demoVariant{attrStorage, []string{"256GB", "512GB", "1TB"}, 0.07}
	storageGaming = demoVariant{attrStorage, []string{"512GB", "1TB", "2TB"}, 0.08}
	laptopName    = []string{attrScreen, attrCPU, attrRAM, attrStorage, attrColour}
)

var kindGamingLaptop = &demoKind{label: "Laptop", picture: "laptop", name: laptopName,
	variants: []demoVariant{ramGaming, storageGaming, {attrColour, []string{"Crna", "Siva"}, 0}},
	models: map[string][]demoModel{
		"Lenovo": {mdl("Legion 5 15ACH6", 120000, attrScreen, `15.6"`, attrCPU, "AMD Ryzen 7"), mdl("LOQ 15IRH8", 95000, attrScreen, `15.6"`, attrCPU, "Intel Core i5")},
		"HP":     {mdl("Victus 16-d", 100000, attrScreen, `16"`, attrCPU, "Intel Core i5"), mdl("Omen 16-b", 150000, attrScreen, `16"`, attrCPU, "Intel Core i7")},
		"Dell":   {mdl("G15 5520", 125000, attrScreen, `15.6"`, attrCPU, "Intel Core i7"), mdl("Alienware m16", 260000, attrScreen, `16"`, attrCPU, "Intel Core i9")},
		"Asus":   {mdl("TUF Gaming F15", 95000, attrScreen, `15.6"`, attrCPU, "Intel Core i5"), mdl("ROG Strix G16", 170000, attrScreen, `16"`, attrCPU, "Intel Core i7")},
		"Acer":   {mdl("Nitro 5 AN515-58", 90000, attrScreen, `15.6"`, attrCPU, "Intel Core i5"), mdl("Predator Helios 16", 230000, attrScreen, `16"`, attrCPU, "Intel Core i9")},
	}}

var kindBusinessLaptop = &demoKind{label: "Laptop", picture: "laptop", name: laptopName,
	variants: []demoVariant{ramLaptop, storageLaptop, {attrColour, []string{"Crna", "Siva"}, 0}},
	models: map[string][]demoModel{
		"Lenovo": {mdl("ThinkPad E15 G4", 75000, attrScreen, `15.6"`, attrCPU, "Intel Core i5"), mdl("ThinkBook 14 G6", 65000, attrScreen, `14"`, attrCPU, "AMD Ryzen 5")},
		"HP":     {mdl("ProBook 450 G9", 80000, attrScreen, `15.6"`, attrCPU, "Intel Core i5"), mdl("EliteBook 840 G10", 130000, attrScreen, `14"`, attrCPU, "Intel Core i7")},
		"Dell":   {mdl("Latitude 5540", 90000, attrScreen, `15.6"`, attrCPU, "Intel Core i5"), mdl("Vostro 3520", 50000, attrScreen, `15.6"`, attrCPU, "Intel Core i3")},
		"Asus":   {mdl("ExpertBook B1", 60000, attrScreen, `14"`, attrCPU, "Intel Core i5")},
		"Acer":   {mdl("TravelMate P2", 62000, attrScreen, `14"`, attrCPU, "Intel Core i5")},
		"Apple":  {mdl("MacBook Pro 14", 200000, attrScreen, `14"`, attrCPU, "Apple M3")},
	}}

var kindUltrabook = &demoKind{label: "Ultrabook", picture: "laptop", name: laptopName,
	variants: []demoVariant{{attrRAM, []string{"8GB", "16GB"}, 0.12}, storageLaptop, {attrColour, []string{"Srebrna", "Siva"}, 0}},
	models: map[string][]demoModel{
		"Lenovo": {mdl("Yoga Slim 7 14", 110000, attrScreen, `14"`, attrCPU, "AMD Ryzen 7")},
		"HP":     {mdl("Envy x360 13", 120000, attrScreen, `13.3"`, attrCPU, "Intel Core i7")},
		"Dell":   {mdl("XPS 13 9315", 150000, attrScreen, `13.3"`, attrCPU, "Intel Core i7")},
		"Asus":   {mdl("ZenBook 14 UX3402", 100000, attrScreen, `14"`, attrCPU, "Intel Core i5")},
		"Acer":   {mdl("Swift Go 14", 85000, attrScreen, `14"`, attrCPU, "Intel Core i5")},
		"Apple":  {mdl("MacBook Air 13", 140000, attrScreen, `13.6"`, attrCPU, "Apple M3"), mdl("MacBook Air 15", 170000, attrScreen, `15.3"`, attrCPU, "Apple M3")},
	}}

var desktopName = []string{attrCPU, attrRAM, attrStorage}

var kindGamingPC = &demoKind{label: "Desktop računar", picture: "desktop", name: desktopName,
	variants: []demoVariant{ramGaming, storageGaming},
	models: map[string][]demoModel{
		"Asus":   {mdl("ROG Strix G15DK", 150000, attrCPU, "AMD Ryzen 7"), mdl("TUF Gaming GT301", 110000, attrCPU, "Intel Core i5")},
		"Lenovo": {mdl("Legion T5", 170000, attrCPU, "Intel Core i7"), mdl("IdeaCentre Gaming 5", 100000, attrCPU, "AMD Ryzen 5")},
		"HP":     {mdl("Omen 25L", 180000, attrCPU, "Intel Core i7"), mdl("Victus 15L", 105000, attrCPU, "Intel Core i5")},
		"Dell":   {mdl("Alienware Aurora R16", 300000, attrCPU, "Intel Core i9"), mdl("XPS 8960", 190000, attrCPU, "Intel Core i7")},
	}}

var kindOfficePC = &demoKind{label: "Računar", picture: "desktop", name: desktopName,
	variants: []demoVariant{{attrRAM, []string{"8GB", "16GB"}, 0.08}, {attrStorage, []string{"256GB", "512GB"}, 0.05}},
	models: map[string][]demoModel{
		"HP":     {mdl("ProDesk 400 G9", 55000, attrCPU, "Intel Core i5"), mdl("290 G9", 38000, attrCPU, "Intel Core i3")},
		"Dell":   {mdl("OptiPlex 7010", 60000, attrCPU, "Intel Core i5"), mdl("Vostro 3020", 40000, attrCPU, "Intel Core i3")},
		"Lenovo": {mdl("ThinkCentre M70s", 58000, attrCPU, "Intel Core i5"), mdl("V50s", 36000, attrCPU, "Intel Core i3")},
	}}

var kindGPU = &demoKind{label: "Grafička kartica", picture: "card", name: []string{attrRAM},
	models: map[string][]demoModel{
		"Asus":     {mdl("DUAL RTX 4060", 38000, attrRAM, "8GB"), mdl("TUF RTX 4070 Ti", 110000, attrRAM, "12GB"), mdl("ROG Strix RTX 4080 Super", 160000, attrRAM, "16GB")},
		"Gigabyte": {mdl("RTX 4060 Eagle OC", 37000, attrRAM, "8GB"), mdl("RX 7600 Gaming OC", 33000, attrRAM, "8GB"), mdl("RTX 4070 Super Windforce", 78000, attrRAM, "12GB")},
		"MSI":      {mdl("RTX 4070 Ventus 2X", 70000, attrRAM, "12GB"), mdl("RTX 4060 Ti Gaming X", 50000, attrRAM, "8GB"), mdl("RTX 4060 Ti Ventus 2X 16G", 58000, attrRAM, "16GB")},
	}}

var kindSSD = &demoKind{label: "SSD", picture: "card", name: []string{attrStorage},
	variants: []demoVariant{{attrStorage, []string{"500GB", "1TB", "2TB"}, 0.8}},
	models: map[string][]demoModel{
		"Samsung":  {mdl("980 M.2 NVMe", 4500), mdl("990 PRO M.2 NVMe", 9000), mdl(`870 EVO 2.5"`, 5000)},
		"Kingston": {mdl("NV2 M.2 NVMe", 3500), mdl("KC3000 M.2 NVMe", 6000), mdl(`A400 2.5"`, 3000)},
		"WD":       {mdl("Blue SN580 M.2", 4200), mdl("Black SN850X M.2", 8000)},
	}}

var kindRAM = &demoKind{label: "Memorija", picture: "card", name: []string{attrRAM},
	variants: []demoVariant{{attrRAM, []string{"8GB", "16GB", "32GB"}, 0.9}},
	models: map[string][]demoModel{
		"Kingston": {mdl("FURY Beast DDR4 3200MHz", 2500), mdl("FURY Beast DDR5 5600MHz", 4000)},
		"Corsair":  {mdl("Vengeance LPX DDR4 3200MHz", 2700), mdl("Vengeance DDR5 6000MHz", 4500)},
	}}

var monitorName = []string{attrScreen, attrResolution, attrColour}

func mon(name string, price int64, size, res string) demoModel {
	return mdl(name, price, attrScreen, size, attrResolution, res)
}

var kindGamingMonitor = &demoKind{label: "Monitor", picture: "monitor", name: monitorName,
	models: map[string][]demoModel{
		"Samsung": {mon("Odyssey G5 LC27G55TQBUXEN 144Hz", 33000, `27"`, "QHD"), mon("Odyssey G7 LS32BG700 144Hz", 70000, `32"`, "4K UHD")},
		"LG":      {mon("27GP850P-B 165Hz", 45000, `27"`, "QHD"), mon("24GN60R-B 144Hz", 20000, `24"`, "Full HD")},
		"Asus":    {mon("TUF VG27AQ 165Hz", 38000, `27"`, "QHD"), mon("ROG Strix XG32UQ 160Hz", 85000, `32"`, "4K UHD")},
		"Dell":    {mon("S2721DGF 165Hz", 48000, `27"`, "QHD"), mon("G2524H 280Hz", 26000, `24"`, "Full HD")},
	}}

var kindOfficeMonitor = &demoKind{label: "Monitor", picture: "monitor", name: monitorName,
	variants: []demoVariant{{attrColour, []string{"Crna", "Bela"}, 0.03}},
	models: map[string][]demoModel{
		"Samsung": {mon("LS24C310EAUXEN", 13000, `24"`, "Full HD"), mon("LS27C390EAUXEN", 17000, `27"`, "Full HD"), mon("LS32BM700UPXEN", 42000, `32"`, "4K UHD")},
		"LG":      {mon("24MR400-B", 11000, `24"`, "Full HD"), mon("27UL500-W", 30000, `27"`, "4K UHD")},
		"Dell":    {mon("P2422H", 22000, `24"`, "Full HD"), mon("U2723QE", 65000, `27"`, "4K UHD")},
		"Philips": {mon("241V8L", 11500, `24"`, "Full HD"), mon("27E1N3300A", 18000, `27"`, "Full HD")},
		"Asus":    {mon("VA24EHF", 12000, `24"`, "Full HD"), mon("ProArt PA278QV", 38000, `27"`, "QHD")},
	}}

func phone(name string, price int64, size, ram, storage string) demoModel {
	return mdl(name, price, attrScreen, size, attrRAM, ram, attrStorage, storage)
}

var kindAndroid = &demoKind{label: "Mobilni telefon", picture: "phone", name: []string{attrScreen, attrRAM, attrStorage, attrColour},
	variants: []demoVariant{{attrColour, []string{"Crna", "Plava", "Bela"}, 0}},
	models: map[string][]demoModel{
		"Samsung": {phone("Galaxy A15", 17000, `6.5"`, "4GB", "128GB"), phone("Galaxy A35", 32000, `6.6"`, "6GB", "128GB"), phone("Galaxy A55", 45000, `6.6"`, "8GB", "256GB"),
			phone("Galaxy S24", 95000, `6.2"`, "8GB", "256GB"), phone("Galaxy S24 Ultra", 150000, `6.8"`, "12GB", "512GB")},
		"Xiaomi": {phone("Redmi 13C", 13000, `6.7"`, "4GB", "128GB"), phone("Redmi Note 13", 24000, `6.7"`, "8GB", "256GB"), phone("Redmi Note 13 Pro", 33000, `6.7"`, "8GB", "256GB"),
			phone("13T", 60000, `6.7"`, "12GB", "256GB")},
		"Motorola": {phone("moto g54 5G", 22000, `6.5"`, "8GB", "256GB"), phone("edge 40 neo", 38000, `6.6"`, "12GB", "256GB")},
	}}

var kindIPhone = &demoKind{label: "Mobilni telefon", picture: "phone", name: []string{attrScreen, attrStorage, attrColour},
	variants: []demoVariant{{attrStorage, []string{"128GB", "256GB", "512GB"}, 0.15}, {attrColour, []string{"Crna", "Bela", "Plava"}, 0}},
	models: map[string][]demoModel{
		"Apple": {mdl("iPhone 13", 75000, attrScreen, `6.1"`), mdl("iPhone 14", 85000, attrScreen, `6.1"`), mdl("iPhone 15", 100000, attrScreen, `6.1"`),
			mdl("iPhone 15 Pro", 130000, attrScreen, `6.1"`), mdl("iPhone 15 Pro Max", 155000, attrScreen, `6.7"`)},
	}}

var kindTablet = &demoKind{label: "Tablet", picture: "tablet", name: []string{attrScreen, attrRAM, attrStorage, attrColour},
	variants: []demoVariant{{attrColour, []string{"Siva", "Srebrna"}, 0}},
	models: map[string][]demoModel{
		"Samsung": {phone("Galaxy Tab A9", 14000, `8.7"`, "4GB", "64GB"), phone("Galaxy Tab A9+", 25000, `11"`, "8GB", "128GB"), phone("Galaxy Tab S9 FE", 45000, `10.9"`, "6GB", "128GB")},
		"Lenovo":  {phone("Tab M10 Plus", 17000, `10.6"`, "4GB", "64GB"), phone("Tab P11", 28000, `11.5"`, "6GB", "128GB")},
		"Apple":   {phone("iPad 10.9", 48000, `10.9"`, "4GB", "64GB"), phone("iPad Air 11 M2", 80000, `11"`, "8GB", "128GB")},
		"Xiaomi":  {phone("Redmi Pad SE", 17000, `11"`, "4GB", "128GB"), phone("Pad 6", 38000, `11"`, "8GB", "256GB")},
	}}

var kindWatch = &demoKind{label: "Pametni sat", picture: "watch", name: []string{attrColour},
	variants: []demoVariant{{attrColour, []string{"Crna", "Srebrna"}, 0}},
	models: map[string][]demoModel{
		"Samsung": {mdl("Galaxy Watch6 40mm", 25000, attrConnection, "Bluetooth"), mdl("Galaxy Watch6 Classic 47mm", 40000, attrConnection, "Bluetooth")},
		"Apple":   {mdl("Watch SE 40mm", 30000, attrConnection, "Bluetooth"), mdl("Watch Series 9 45mm", 50000, attrConnection, "Bluetooth")},
		"Xiaomi":  {mdl("Redmi Watch 3", 8000, attrConnection, "Bluetooth"), mdl("Watch 2 Pro", 28000, attrConnection, "Bluetooth")},
	}}

func tv(name string, price int64, size, res, class string) demoModel {
	return mdl(name, price, attrScreen, size, attrResolution, res, attrEnergy, class)
}

var kindLEDTV = &demoKind{label: "Televizor", picture: "tv", name: []string{attrScreen, attrResolution},
	models: map[string][]demoModel{
		"Samsung": {tv("UE32T4302AKXXH", 20000, `32"`, "HD", "F"), tv("UE43CU7172UXXH", 38000, `43"`, "4K UHD", "G"), tv("UE55CU8072UXXH", 60000, `55"`, "4K UHD", "G"),
			tv("QE65Q80CATXXH", 140000, `65"`, "4K UHD", "F")},
		"LG":      {tv("43UR78003LK", 37000, `43"`, "4K UHD", "G"), tv("55UR91003LA", 58000, `55"`, "4K UHD", "G"), tv("65QNED813RE", 120000, `65"`, "4K UHD", "F")},
		"Sony":    {tv("KD-43X75WL", 50000, `43"`, "4K UHD", "F"), tv("KD-55X80L", 85000, `55"`, "4K UHD", "F")},
		"Philips": {tv("43PUS7008/12", 35000, `43"`, "4K UHD", "G"), tv("55PUS8118/12", 55000, `55"`, "4K UHD", "G"), tv("32PHS6808/12", 21000, `32"`, "HD", "E")},
		"Xiaomi":  {tv("TV A2 43", 30000, `43"`, "4K UHD", "G"), tv("TV A Pro 55", 45000, `55"`, "4K UHD", "G")},
	}}

var kindOLEDTV = &demoKind{label: "Televizor OLED", picture: "tv", name: []string{attrScreen, attrResolution},
	models: map[string][]demoModel{
		"LG":      {tv("OLED55C32LA", 150000, `55"`, "4K UHD", "F"), tv("OLED65C32LA", 220000, `65"`, "4K UHD", "F")},
		"Sony":    {tv("XR-55A80L", 170000, `55"`, "4K UHD", "F"), tv("XR-65A80L", 250000, `65"`, "4K UHD", "F")},
		"Samsung": {tv("QE55S90CATXXH", 140000, `55"`, "4K UHD", "F"), tv("QE65S95CATXXH", 300000, `65"`, "4K UHD", "F")},
		"Philips": {tv("55OLED708/12", 130000, `55"`, "4K UHD", "F"), tv("65OLED808/12", 200000, `65"`, "4K UHD", "F")},
	}}

var kindHeadphones = &demoKind{label: "Slušalice", picture: "headphones", name: []string{attrColour},
	variants: []demoVariant{{attrColour, []string{"Crna", "Bela", "Plava"}, 0}},
	models: map[string][]demoModel{
		"Sony":    {mdl("WH-1000XM5", 35000, attrConnection, "Bluetooth"), mdl("WH-CH520", 5000, attrConnection, "Bluetooth"), mdl("WF-C700N", 10000, attrConnection, "Bluetooth")},
		"JBL":     {mdl("Tune 520BT", 5000, attrConnection, "Bluetooth"), mdl("Live 660NC", 13000, attrConnection, "Bluetooth"), mdl("Wave Buds", 4000, attrConnection, "Bluetooth")},
		"Apple":   {mdl("AirPods 3", 22000, attrConnection, "Bluetooth"), mdl("AirPods Pro 2", 30000, attrConnection, "Bluetooth")},
		"Samsung": {mdl("Galaxy Buds FE", 9000, attrConnection, "Bluetooth"), mdl("Galaxy Buds2 Pro", 18000, attrConnection, "Bluetooth")},
	}}

func speaker(name string, price int64, power string) demoModel {
	return mdl(name, price, attrConnection, "Bluetooth", attrPower, power)
}

var kindSpeaker = &demoKind{label: "Bluetooth zvučnik", picture: "speaker", name: []string{attrPower, attrColour},
	variants: []demoVariant{{attrColour, []string{"Crna", "Plava", "Crvena"}, 0}},
	models: map[string][]demoModel{
		"JBL":     {speaker("Flip 6", 13000, "20 W"), speaker("Charge 5", 17000, "40 W"), speaker("Go 3", 4000, "4 W"), speaker("PartyBox 110", 40000, "160 W")},
		"Sony":    {speaker("SRS-XB100", 6500, "5 W"), speaker("SRS-XG300", 30000, "50 W")},
		"Philips": {speaker("TAS2505B", 3500, "3 W"), speaker("TAX3206", 17000, "80 W")},
	}}

var kindSoundbar = &demoKind{label: "Soundbar", picture: "speaker", name: []string{attrPower},
	models: map[string][]demoModel{
		"Samsung": {speaker("HW-B450", 20000, "300 W"), speaker("HW-Q600C", 45000, "360 W")},
		"LG":      {speaker("S40Q", 18000, "300 W"), speaker("S65Q", 35000, "420 W")},
		"Sony":    {speaker("HT-S400", 28000, "330 W"), speaker("HT-A3000", 60000, "250 W")},
	}}

func fridge(name string, price int64, class, volume string) demoModel {
	return mdl(name, price, attrEnergy, class, attrVolume, volume)
}

var kindFridge = &demoKind{label: "Kombinovani frižider", picture: "fridge", name: []string{attrVolume, attrColour},
	variants: []demoVariant{{attrColour, []string{"Bela", "Inox"}, 0.08}},
	models: map[string][]demoModel{
		"Gorenje": {fridge("NRK6192AW4", 40000, "E", "300 l"), fridge("RK4181PS4", 30000, "E", "250 l")},
		"Beko":    {fridge("RCSA300K40SN", 35000, "E", "300 l"), fridge("B5RCNA405ZXBR", 60000, "D", "350 l")},
		"Bosch":   {fridge("KGN36VLEC", 70000, "E", "300 l"), fridge("KGN39VWEQ", 65000, "E", "350 l")},
		"Samsung": {fridge("RB34T670ESA", 65000, "E", "350 l")},
		"LG":      {fridge("GBP62PZNBC", 75000, "D", "400 l")},
	}}

var kindSideBySide = &demoKind{label: "Side by side frižider", picture: "fridge", name: []string{attrVolume, attrColour},
	variants: []demoVariant{{attrColour, []string{"Inox", "Crna"}, 0.05}},
	models: map[string][]demoModel{
		"Samsung": {fridge("RS68A8830S9", 140000, "F", "600 l"), fridge("RH68B8830S9", 170000, "F", "600 l")},
		"LG":      {fridge("GSLV71PZTM", 130000, "F", "600 l"), fridge("GSXV90MCAE", 220000, "E", "600 l")},
		"Beko":    {fridge("GN162341XBN", 100000, "F", "500 l")},
		"Bosch":   {fridge("KAN93VIFP", 120000, "F", "500 l")},
	}}

func washer(name string, price int64, class, load string) demoModel {
	return mdl(name, price, attrEnergy, class, attrLoad, load, attrColour, "Bela")
}

var kindWasher = &demoKind{label: "Veš mašina", picture: "washer", name: []string{attrLoad},
	models: map[string][]demoModel{
		"Gorenje": {washer("WNEI84APS", 40000, "A", "8 kg"), washer("W2NHPI72SCS", 45000, "A", "7 kg")},
		"Beko":    {washer("WUE 7512 XWW", 30000, "D", "7 kg"), washer("B5WFU58418W", 45000, "A", "8 kg")},
		"Bosch":   {washer("WAN28263BY", 55000, "B", "8 kg"), washer("WGG24400BY", 65000, "A", "9 kg")},
		"LG":      {washer("F4WV308S6E", 55000, "A", "8 kg")},
		"Samsung": {washer("WW80T4040EE1LE", 45000, "B", "8 kg")},
	}}

var kindWasherDryer = &demoKind{label: "Mašina za pranje i sušenje", picture: "washer", name: []string{attrLoad},
	models: map[string][]demoModel{
		"Gorenje": {washer("WD2A164ADS", 75000, "D", "10 kg")},
		"Beko":    {washer("HTV 8716 X0", 60000, "E", "8 kg")},
		"LG":      {washer("F2DV5S8S1E", 85000, "E", "8 kg")},
		"Samsung": {washer("WD80T4046CE", 70000, "E", "8 kg")},
	}}

var kindStove = &demoKind{label: "Šporet", picture: "stove", name: []string{attrColour},
	models: map[string][]demoModel{
		"Gorenje": {mdl("GEC5C41WG staklokeramički", 35000, attrEnergy, "A", attrColour, "Bela"), mdl("K5341WF kombinovani", 40000, attrEnergy, "A", attrColour, "Bela")},
		"Beko":    {mdl("FSE 57310 GW električni", 32000, attrEnergy, "A", attrColour, "Bela"), mdl("FSS 54010 DW kombinovani", 30000, attrEnergy, "A", attrColour, "Bela")},
		"Bosch":   {mdl("HXN390D50L staklokeramički", 65000, attrEnergy, "A", attrColour, "Inox"), mdl("HKR39C250 staklokeramički", 60000, attrEnergy, "A", attrColour, "Bela")},
	}}

var kindStickVacuum = &demoKind{label: "Štapni usisivač", picture: "vacuum", name: []string{attrPower},
	models: map[string][]demoModel{
		"Bosch":   {mdl("BBS611LAG Unlimited", 30000, attrPower, "150 W", attrColour, "Siva"), mdl("BCHF216S", 18000, attrPower, "100 W", attrColour, "Bela")},
		"Philips": {mdl("XC3131/01", 15000, attrPower, "100 W", attrColour, "Plava"), mdl("XC8349/01", 35000, attrPower, "200 W", attrColour, "Siva")},
		"Samsung": {mdl("Jet 60 VS15A6031R1", 28000, attrPower, "150 W", attrColour, "Crvena"), mdl("Bespoke Jet", 60000, attrPower, "210 W", attrColour, "Siva")},
		"Xiaomi":  {mdl("Vacuum Cleaner G10", 22000, attrPower, "150 W", attrColour, "Bela"), mdl("Vacuum Cleaner G11", 30000, attrPower, "170 W", attrColour, "Bela")},
	}}

var kindRobotVacuum = &demoKind{label: "Robot usisivač", picture: "robot", name: []string{attrColour},
	variants: []demoVariant{{attrColour, []string{"Crna", "Bela"}, 0}},
	models: map[string][]demoModel{
		"Xiaomi":  {mdl("Robot Vacuum E10", 17000, attrConnection, "Wi-Fi"), mdl("Robot Vacuum S10", 25000, attrConnection, "Wi-Fi"), mdl("Robot Vacuum X10+", 70000, attrConnection, "Wi-Fi")},
		"Samsung": {mdl("Jet Bot VR30T80313W", 45000, attrConnection, "Wi-Fi"), mdl("Jet Bot AI+ VR50T95735W", 110000, attrConnection, "Wi-Fi")},
		"Philips": {mdl("HomeRun 3000 XU3000/01", 30000, attrConnection, "Wi-Fi"), mdl("HomeRun 7000 XU7000/02", 60000, attrConnection, "Wi-Fi")},
	}}

var kindCoffee = &demoKind{label: "Aparat za kafu", picture: "coffee", name: []string{attrPower},
	models: map[string][]demoModel{
		"Philips": {mdl("EP1220/00", 40000, attrPower, "1500 W", attrColour, "Crna"), mdl("EP2231/40", 50000, attrPower, "1500 W", attrColour, "Crna"), mdl("LatteGo EP5447", 80000, attrPower, "1500 W", attrColour, "Srebrna")},
		"Bosch":   {mdl("TIS30321RW", 60000, attrPower, "1300 W", attrColour, "Crna"), mdl("Tassimo TAS1002", 6000, attrPower, "1400 W", attrColour, "Crvena")},
		"Gorenje": {mdl("ESCM15DBK", 9000, attrPower, "1100 W", attrColour, "Crna"), mdl("CMN1500BK", 4000, attrPower, "1000 W", attrColour, "Crna")},
	}}

var kindBlender = &demoKind{label: "Blender", picture: "blender", name: []string{attrPower},
	models: map[string][]demoModel{
		"Philips": {mdl("HR2041/00", 4000, attrPower, "450 W", attrColour, "Bela"), mdl("HR3573/90", 10000, attrPower, "1000 W", attrColour, "Crna")},
		"Bosch":   {mdl("MMB6141B", 9000, attrPower, "1200 W", attrColour, "Crna"), mdl("MSM2610B", 4500, attrPower, "600 W", attrColour, "Crna")},
		"Gorenje": {mdl("B800ORAB", 7000, attrPower, "800 W", attrColour, "Crvena"), mdl("HBX884QE", 5000, attrPower, "800 W", attrColour, "Inox")},
		"Xiaomi":  {mdl("Smart Blender", 12000, attrPower, "1000 W", attrColour, "Bela")},
	}}

func printer(name string, price int64, kind, conn string) demoModel {
	return mdl(name, price, attrPrintType, kind, attrConnection, conn)
}

var kindLaserPrinter = &demoKind{label: "Laserski štampač", picture: "printer", name: []string{attrConnection},
	models: map[string][]demoModel{
		"HP":      {printer("LaserJet M110we", 13000, "Laserski", "Wi-Fi"), printer("LaserJet Pro M404dn", 40000, "Laserski", "LAN"), printer("LaserJet Pro 4002dw", 35000, "Laserski", "Wi-Fi")},
		"Canon":   {printer("i-SENSYS LBP633Cdw", 45000, "Laserski", "Wi-Fi"), printer("i-SENSYS MF455dw", 55000, "Laserski", "Wi-Fi"), printer("i-SENSYS LBP6030", 14000, "Laserski", "USB")},
		"Brother": {printer("HL-L2312D", 12000, "Laserski", "USB"), printer("DCP-L2532DW", 25000, "Laserski", "Wi-Fi"), printer("HL-L2352DW", 16000, "Laserski", "Wi-Fi")},
	}}

var kindInkjetPrinter = &demoKind{label: "Inkjet štampač", picture: "printer", name: []string{attrConnection},
	models: map[string][]demoModel{
		"HP":    {printer("DeskJet 2720e", 6000, "Inkjet", "Wi-Fi"), printer("OfficeJet Pro 9010e", 25000, "Inkjet", "Wi-Fi")},
		"Canon": {printer("PIXMA TS5350i", 9000, "Inkjet", "Wi-Fi"), printer("PIXMA G3470", 22000, "Inkjet", "Wi-Fi")},
		"Epson": {printer("EcoTank L3256", 22000, "Inkjet", "Wi-Fi"), printer("EcoTank L8050", 40000, "Inkjet", "Wi-Fi"), printer("WorkForce WF-2930DWF", 12000, "Inkjet", "Wi-Fi"),
			printer("EcoTank L1250", 17000, "Inkjet", "Wi-Fi")},
	}}

var kindScanner = &demoKind{label: "Skener", picture: "scanner", name: []string{attrConnection},
	models: map[string][]demoModel{
		"Canon": {mdl("CanoScan LiDE 300", 8000, attrConnection, "USB"), mdl("CanoScan LiDE 400", 11000, attrConnection, "USB")},
		"Epson": {mdl("Perfection V39II", 10000, attrConnection, "USB"), mdl("WorkForce DS-530II", 50000, attrConnection, "USB")},
		"HP":    {mdl("ScanJet Pro 2600 f1", 45000, attrConnection, "USB")},
	}}

var kindToner = &demoKind{label: "Toner", picture: "cartridge", name: []string{attrColour},
	models: map[string][]demoModel{
		"HP":      {mdl("CF259A", 12000, attrColour, "Crna"), mdl("W1106A", 6000, attrColour, "Crna"), mdl("CF217A", 7000, attrColour, "Crna")},
		"Canon":   {mdl("CRG-057", 11000, attrColour, "Crna"), mdl("CRG-055H", 16000, attrColour, "Crna")},
		"Brother": {mdl("TN-2421", 8000, attrColour, "Crna"), mdl("TN-2411", 5000, attrColour, "Crna")},
	}}

var kindCartridge = &demoKind{label: "Kertridž", picture: "cartridge", name: []string{attrColour},
	models: map[string][]demoModel{
		"HP":    {mdl("305", 1800, attrColour, "Crna"), mdl("305 Tri-color", 2000, attrColour, "Trobojna"), mdl("953XL", 5500, attrColour, "Crna")},
		"Canon": {mdl("PG-545", 2000, attrColour, "Crna"), mdl("CL-546", 2300, attrColour, "Trobojna")},
		"Epson": {mdl("103 EcoTank", 1400, attrColour, "Crna"), mdl("T9441", 6000, attrColour, "Crna")},
	}}

var kindBook = &demoKind{label: "Knjiga", picture: "book",
	models: map[string][]demoModel{
		"Kompjuter biblioteka": {mdl("Go programiranje", 3000), mdl("Python za početnike", 2500), mdl("SQL u praksi", 2800), mdl("Docker i Kubernetes", 3500)},
		"Mikro knjiga":         {mdl("Linux administracija", 3300), mdl("Mreže računara", 3600), mdl("Algoritmi i strukture podataka", 4000), mdl("Bezbednost veb aplikacija", 3200)},
	}}
