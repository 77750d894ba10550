// Package content is what staff write for the storefront besides the catalogue: banners by
// position, news, the home screen (its products, categories and sections) and the editable
// static pages (delivery, terms, payment, service, about, ...), with the public reads the
// storefront makes of them (back-office-and-shell.md 2.1, 3, 5; catalogue-and-storefront.md 7).
//
// Service (service.go, banners.go, news.go, home.go, pages.go) keeps these. Landing pages and
// the catalog sticker types' storefront pages live in this package too, with a service of
// their own (landing*.go, sticker_types*.go).
//
// Products and categories are the catalogue's: this package keeps their ids and reads them
// through catalog.Service; the price shown on a card is the storefront's rule, applied by the
// HTTP layer. Rich text (news bodies, pages) is cleaned by platform/richtext before it is kept.
package content
