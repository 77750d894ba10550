package fiscalsim

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"shop/internal/fiscal/vsdc"
	"shop/internal/platform/money"
)

const width = 40

// journal is the receipt's text as the device prints it (Cyrillic, 40 columns). The
// simulator's says, top and bottom, that it is no fiscal receipt.
func journal(req *request, res *vsdc.InvoiceResult) string {
	var b strings.Builder
	rule := func(ch string, title string) {
		if title == "" {
			b.WriteString(strings.Repeat(ch, width) + "\n")
			return
		}
		title = " " + title + " "
		n := width - utf8.RuneCountInString(title)
		left := n / 2
		b.WriteString(strings.Repeat(ch, left) + title + strings.Repeat(ch, n-left) + "\n")
	}
	pair := func(k, v string) {
		pad := width - utf8.RuneCountInString(k) - utf8.RuneCountInString(v)
		if pad < 1 {
			pad = 1
		}
		b.WriteString(k + strings.Repeat(" ", pad) + v + "\n")
	}
	rule("=", "СИМУЛАТОР")
	b.WriteString(center("ОВО НИЈЕ ФИСКАЛНИ РАЧУН") + "\n")
	rule("=", "")
	pair("ПИБ:", res.TIN)
	pair("Предузеће:", res.BusinessName)
	pair("Место продаје:", res.LocationName)
	if res.Address != "" {
		pair("Адреса:", res.Address)
	}
	if req.cashier != "" {
		pair("Касир:", req.cashier)
	}
	if req.buyerID != "" {
		pair("ИД купца:", req.buyerID)
	}
	if req.refNumber != "" {
		pair("Реф. број:", req.refNumber)
	}
	rule("-", title(req.invoiceType, req.transactionType))
	b.WriteString("Артикли\n")
	rule("=", "")
	b.WriteString("Назив   Цена         Кол.         Укупно\n")
	for _, it := range req.items {
		fmt.Fprintf(&b, "%s (%s)\n", it.name, strings.Join(it.labels, ","))
		qty := fmt.Sprintf("%d", it.qtyMilli/1000)
		if it.qtyMilli%1000 != 0 {
			qty = fmt.Sprintf("%d,%03d", it.qtyMilli/1000, it.qtyMilli%1000)
		}
		fmt.Fprintf(&b, "%14s %10s %14s\n", amountText(it.unit), qty, withSign(it.total, req.transactionType))
	}
	rule("-", "")
	pair("Укупан износ:", withSign(res.TotalAmount, req.transactionType))
	for _, p := range req.payments {
		pair(paymentName(p.PaymentType)+":", withSign(p.Amount, req.transactionType))
	}
	rule("=", "")
	b.WriteString("Ознака       Име      Стопа        Порез\n")
	var tax money.Para
	for _, t := range res.TaxItems {
		fmt.Fprintf(&b, "%-8s %8s %9s%% %12s\n", t.Label, t.CategoryName, amountText(money.Para(t.Rate)), withSign(t.Amount, req.transactionType))
		tax += t.Amount
	}
	rule("-", "")
	pair("Укупан износ пореза:", withSign(tax, req.transactionType))
	rule("=", "")
	if at, err := time.Parse(time.RFC3339Nano, res.SdcDateTime); err == nil {
		pair("ПФР време:", at.Format("02.01.2006. 15:04:05"))
	}
	pair("ПФР број рачуна:", res.InvoiceNumber)
	pair("Бројач рачуна:", res.InvoiceCounter)
	rule("=", "")
	b.WriteString(center("ОВО НИЈЕ ФИСКАЛНИ РАЧУН") + "\n")
	rule("=", "КРАЈ СИМУЛАЦИЈЕ")
	return b.String()
}

func center(s string) string {
	n := width - utf8.RuneCountInString(s)
	if n < 0 {
		return s
	}
	return strings.Repeat(" ", n/2) + s
}

func title(invoiceType, transactionType string) string {
	kind := map[string]string{vsdc.InvoiceNormal: "ПРОМЕТ", vsdc.InvoiceProforma: "ПРЕДРАЧУН", vsdc.InvoiceCopy: "КОПИЈА",
		vsdc.InvoiceTraining: "ОБУКА", vsdc.InvoiceAdvance: "АВАНС"}[invoiceType]
	if transactionType == vsdc.TransactionRefund {
		return kind + " РЕФУНДАЦИЈА"
	}
	return kind + " ПРОДАЈА"
}

func paymentName(t string) string {
	switch t {
	case vsdc.PaymentCash:
		return "Готовина"
	case vsdc.PaymentCard:
		return "Платна картица"
	case vsdc.PaymentCheck:
		return "Чек"
	case vsdc.PaymentWireTransfer:
		return "Пренос на рачун"
	case vsdc.PaymentVoucher:
		return "Ваучер"
	case vsdc.PaymentMobileMoney:
		return "Инстант плаћање"
	}
	return "Друго безготовинско плаћање"
}

// withSign prints a refund's amounts negative, as the receipt does.
func withSign(p money.Para, transactionType string) string {
	if transactionType == vsdc.TransactionRefund && p != 0 {
		return "-" + amountText(p)
	}
	return amountText(p)
}

// amountText is 1.234,50.
func amountText(p money.Para) string {
	neg := p < 0
	if neg {
		p = -p
	}
	whole := fmt.Sprintf("%d", int64(p)/100)
	var g []string
	for len(whole) > 3 {
		g = append([]string{whole[len(whole)-3:]}, g...)
		whole = whole[:len(whole)-3]
	}
	g = append([]string{whole}, g...)
	s := strings.Join(g, ".") + fmt.Sprintf(",%02d", int64(p)%100)
	if neg {
		return "-" + s
	}
	return s
}
