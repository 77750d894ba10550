package sales

import (
	"context"
	"regexp"
	"strings"
)

// The shop's identity (docs/sales.md "One shop identity"): the company data staff keep for
// proforma invoices, each empty field taken from config "company". Every page, mail, PDF, QR
// code and feed reads it here, so a change in the admin shows everywhere at once.

// Company is the config's default company data (config "company").
type Company struct {
	Name, Address, Phone, Email, Web, PIB, RegistrationNumber string
}

// Shop is the shop's identity as its pages and documents show it.
type Shop struct {
	// Name is the registered name (documents); DisplayName the name without the legal form
	// (the storefront, feeds, page titles).
	Name        string
	DisplayName string
	Address     string
	// Phones are the numbers in the order staff wrote them (the first is the main line).
	Phones             []string
	Fax                string
	Email              string
	Web                string
	PIB                string
	RegistrationNumber string
	ActivityCode       string
	// Bank is the bank's name on the company data; Account the account payments go to.
	Bank    string
	Account string
	// Payee is the payee of the IPS QR code: config sales.payee, else name and city.
	Payee string
}

// withDefaults fills the empty fields of the company data from config "company" (web: else
// the public address).
func (s *Service) withDefaults(d InvoiceData) InvoiceData {
	c := s.opts.Company
	web := c.Web
	if web == "" {
		web = strings.TrimRight(s.opts.PublicURL, "/")
	}
	for _, f := range []struct {
		dst *string
		def string
	}{
		{&d.Name, c.Name}, {&d.Address, c.Address}, {&d.Phone, c.Phone}, {&d.Email, c.Email}, {&d.Web, web},
		{&d.PIB, c.PIB}, {&d.RegistrationNumber, c.RegistrationNumber},
	} {
		if strings.TrimSpace(*f.dst) == "" {
			*f.dst = f.def
		}
	}
	return d
}

// Shop answers the shop's identity.
func (s *Service) Shop(ctx context.Context) (*Shop, error) {
	d, err := s.InvoiceData(ctx)
	if err != nil {
		return nil, err
	}
	bs, err := s.Banks(ctx)
	if err != nil {
		return nil, err
	}
	return s.shopOf(*d, bs), nil
}

func (s *Service) shopOf(d InvoiceData, bs []Bank) *Shop {
	sh := &Shop{Name: d.Name, DisplayName: DisplayName(d.Name), Address: d.Address, Phones: SplitPhones(d.Phone), Fax: d.Fax,
		Email: d.Email, Web: d.Web, PIB: d.PIB, RegistrationNumber: d.RegistrationNumber, ActivityCode: d.ActivityCode, Bank: d.Bank,
		Account: s.opts.Account, Payee: s.opts.Payee}
	// The accounts staff keep come first; the config's account is the shop's until there is one.
	if len(bs) > 0 {
		sh.Account = bs[0].Account
	}
	if sh.Payee == "" {
		sh.Payee = d.Name
		if city := cityOf(d.Address, s.opts.IssuePlace); city != "" {
			sh.Payee += ", " + city
		}
	}
	return sh
}

// ShopName is the shop's name as pages and feeds show it (without the legal form); the
// config's when the company data cannot be read.
func (s *Service) ShopName(ctx context.Context) string {
	d, err := s.InvoiceData(ctx)
	if err != nil {
		s.log.WarnContext(ctx, "shop name from config: company data unreadable", "error", err.Error())
		return DisplayName(s.opts.Company.Name)
	}
	return DisplayName(d.Name)
}

// legalForm is a Serbian company's legal form at the end of its name: d.o.o., a.d., o.d.,
// k.d., preduzetnik (pr) and their unpunctuated spellings.
var legalForm = regexp.MustCompile(`(?i)[\s,]+(d\.?\s?o\.?\s?o\.?|a\.?\s?d\.?|o\.\s?d\.?|k\.\s?d\.?|preduzetnik|pr)$`)

// DisplayName is a registered name without its legal form ("ElektroMarket d.o.o." ->
// "ElektroMarket").
func DisplayName(name string) string {
	name = strings.TrimSpace(name)
	if short := strings.TrimSpace(legalForm.ReplaceAllString(name, "")); short != "" {
		return short
	}
	return name
}

// SplitPhones reads the company phone field: numbers separated by commas or semicolons.
func SplitPhones(s string) []string {
	out := []string{}
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' }) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// addressCity reads "…, 11000 Beograd" at the end of an address: the post code and the city.
var addressCity = regexp.MustCompile(`,\s*(?:[0-9]{5}\s+)?([^,0-9][^,]*)$`)

// cityOf is the city an address ends with, else fallback.
func cityOf(address, fallback string) string {
	if m := addressCity.FindStringSubmatch(strings.TrimSpace(address)); m != nil {
		return strings.TrimSpace(m[1])
	}
	return fallback
}
