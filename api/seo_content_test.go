package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/app/apptest"
	"shop/internal/content"
)

// TestStorefrontContentPageMeta: news items, landing pages, running actions and written static
// pages get their own meta and JSON-LD (NewsArticle, WebPage, CollectionPage); unknown ones,
// ended actions and ids that are no number are 404 with noindex; the staff's action preview is
// not indexed; the sitemap index lists the news, landing and actions files, which hold them.
func TestStorefrontContentPageMeta(t *testing.T) {
	t.Parallel()
	apptest.RunAt(t, apptest.Nightly, func(t *testing.T, a *app.App) {
		fx := newActionFixture(t, a)
		ts := fx.ts
		writeStore(t, a, "index.html", storeIndex)
		base := strings.TrimRight(a.Config.HTTP.PublicURL, "/")
		ctx := context.Background()

		n, err := a.Content.CreateNews(ctx, content.NewsInput{Title: "Otvorena nova prodavnica",
			Body: "<p>Od ponedeljka radimo i u Novom Sadu, <strong>Bulevar oslobođenja 1</strong>.</p>"})
		if err != nil {
			t.Fatal(err)
		}
		r := ts.do(req{method: "GET", path: fmt.Sprintf("/vesti/%d", n.ID)})
		html := string(r.Raw)
		newsPath := fmt.Sprintf("/vesti/%d", n.ID)
		for _, want := range []string{`<title>Otvorena nova prodavnica | ElektroMarket</title>`,
			`<meta name="description" content="Od ponedeljka radimo i u Novom Sadu, Bulevar oslobođenja 1.">`,
			`<link rel="canonical" href="` + base + newsPath + `">`, `<meta property="og:type" content="article">`} {
			if r.Status != 200 || !strings.Contains(html, want) {
				t.Errorf("news page lacks %s: %d\n%s", want, r.Status, html)
			}
		}
		ld := jsonLD(t, html)
		if art := ld["NewsArticle"]; art == nil || art["headline"] != "Otvorena nova prodavnica" || art["datePublished"] == nil ||
			art["url"] != base+newsPath {
			t.Errorf("NewsArticle: %v", ld)
		}
		if crumbs, _ := ld["BreadcrumbList"]["itemListElement"].([]any); len(crumbs) != 3 || crumbs[1].(map[string]any)["name"] != "Vesti" {
			t.Errorf("news breadcrumbs: %v", crumbs)
		}

		// Layout 2 landing page, made through the admin's form.
		r = ts.form1("POST", "/api/v1/admin/landing-pages", ts.admin, map[string]string{"name": "Zimska ponuda", "landing_page_model_id": "2",
			"top_description": "<p>Sve za zimu na jednom mestu.</p>", "card1": "1", "card2": "2", "card3": "3", "card4": "4",
			"products_ids[]": fmt.Sprint(fx.products["Frižider A"]), "link": "/kategorije/frizideri"}, map[string][]byte{"banner": smallPNG(t)})
		if r.Status != 201 {
			t.Fatalf("landing page: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/landing/zimska-ponuda?lang=en"})
		html = string(r.Raw)
		for _, want := range []string{`<title>Zimska ponuda | ElektroMarket</title>`, `<meta name="description" content="Sve za zimu na jednom mestu.">`,
			`<link rel="canonical" href="` + base + `/landing/zimska-ponuda?lang=en">`, `<meta property="og:image" content="` + base + `/media/`, `<html lang="en">`} {
			if r.Status != 200 || !strings.Contains(html, want) {
				t.Errorf("landing page lacks %s: %d\n%s", want, r.Status, html)
			}
		}
		if wp := jsonLD(t, html)["WebPage"]; wp == nil || wp["name"] != "Zimska ponuda" || wp["inLanguage"] != "en" {
			t.Errorf("landing WebPage: %v", wp)
		}

		// A running action: its live products whose sticker shows today.
		r = ts.do(req{method: "GET", path: "/akcije/novembarska-akcija"})
		html = string(r.Raw)
		if r.Status != 200 || !strings.Contains(html, `<title>Novembarska akcija | ElektroMarket</title>`) ||
			!strings.Contains(html, `<link rel="canonical" href="`+base+`/akcije/novembarska-akcija">`) {
			t.Errorf("action page: %d %s", r.Status, html)
		}
		ld = jsonLD(t, html)
		main, _ := ld["CollectionPage"]["mainEntity"].(map[string]any)
		items, _ := main["itemListElement"].([]any)
		if main["numberOfItems"] != float64(2) || len(items) != 2 || !strings.HasPrefix(items[0].(map[string]any)["url"].(string), base+"/kategorije/frizideri/proizvodi/") {
			t.Errorf("action CollectionPage: %v", ld["CollectionPage"])
		}
		if crumbs, _ := ld["BreadcrumbList"]["itemListElement"].([]any); len(crumbs) != 3 || crumbs[1].(map[string]any)["name"] != "Akcije" {
			t.Errorf("action breadcrumbs: %v", crumbs)
		}
		r = ts.do(req{method: "GET", path: fmt.Sprintf("/akcije/pregled/%d", fx.upcoming.ID)})
		if r.Status != 200 || !strings.Contains(string(r.Raw), `content="noindex"`) {
			t.Errorf("action preview: %d %s", r.Status, r.Raw)
		}

		// Unknown, ended, upcoming: 404, the app, not indexed.
		for _, p := range []string{"/vesti/999999", "/vesti/abc", "/vesti/0", "/landing/nema-je", "/akcije/jesenja-akcija", "/akcije/decembarska-akcija", "/akcije/nema-je"} {
			r := ts.do(req{method: "GET", path: p})
			if r.Status != 404 || !strings.Contains(string(r.Raw), `<div id="root"></div>`) || !strings.Contains(string(r.Raw), `content="noindex"`) {
				t.Errorf("%s: %d %s", p, r.Status, r.Raw)
			}
		}

		// A static page staff wrote describes itself with its own title and text.
		if _, err := a.Content.SavePage(ctx, "o-nama", content.PageInput{TitleSr: "Ko smo mi", BodySr: "<p>Prodajemo računare od 1995.</p>",
			TitleEn: "Who we are", BodyEn: "<p>Selling computers since 1995.</p>"}); err != nil {
			t.Fatal(err)
		}
		r = ts.do(req{method: "GET", path: "/o-nama?lang=en"})
		if !strings.Contains(string(r.Raw), `<title>Who we are | ElektroMarket</title>`) || !strings.Contains(string(r.Raw), `content="Selling computers since 1995."`) {
			t.Errorf("written static page: %d %s", r.Status, r.Raw)
		}

		// Sitemap: the index names the three files; each lists its pages.
		r = ts.do(req{method: "GET", path: "/sitemap.xml"})
		for _, f := range []string{"sitemap-news.xml", "sitemap-landing.xml", "sitemap-actions.xml"} {
			if !strings.Contains(string(r.Raw), "<loc>"+base+"/"+f+"</loc>") {
				t.Errorf("sitemap index lacks %s: %s", f, r.Raw)
			}
		}
		r = ts.do(req{method: "GET", path: "/sitemap-news.xml"})
		if r.Status != 200 || !strings.Contains(string(r.Raw), "<loc>"+base+newsPath+"</loc><lastmod>") {
			t.Errorf("news sitemap: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/sitemap-landing.xml"})
		if r.Status != 200 || !strings.Contains(string(r.Raw), "<loc>"+base+"/landing/zimska-ponuda</loc><lastmod>") ||
			!strings.Contains(string(r.Raw), `hreflang="en" href="`+base+`/landing/zimska-ponuda?lang=en"`) {
			t.Errorf("landing sitemap: %d %s", r.Status, r.Raw)
		}
		r = ts.do(req{method: "GET", path: "/sitemap-actions.xml"})
		if body := string(r.Raw); r.Status != 200 || !strings.Contains(body, "<loc>"+base+"/akcije/novembarska-akcija</loc>") ||
			strings.Contains(body, "jesenja-akcija") || strings.Contains(body, "decembarska-akcija") {
			t.Errorf("actions sitemap: %d %s", r.Status, body)
		}
	})
}
