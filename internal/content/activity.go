package content

// Activity entries of the banners and news. Images are
// named by whether there is one (the stored keys are storage details, not history).
const (
	ActivityBannerCreated = "banner.created"
	ActivityBannerUpdated = "banner.updated"
	ActivityBannerDeleted = "banner.deleted"
	ActivityNewsCreated   = "news.created"
	ActivityNewsUpdated   = "news.updated"
	ActivityNewsDeleted   = "news.deleted"
	// the home screen's lists (subject id 0: there is one home screen) and its sections
	ActivityHomeProductsSet   = "home.products_set"
	ActivityHomeCategoriesSet = "home.categories_set"
	ActivitySectionCreated    = "home_section.created"
	ActivitySectionUpdated    = "home_section.updated"
	ActivitySectionDeleted    = "home_section.deleted"
	// a static page (subject id 0; the slug is in the values)
	ActivityPageUpdated = "page.updated"
	// landing pages (the banner is named by whether there is one, like the banners')
	ActivityLandingCreated = "landing_page.created"
	ActivityLandingUpdated = "landing_page.updated"
	ActivityLandingDeleted = "landing_page.deleted"

	subjectBanner  = "banner"
	subjectNews    = "news"
	subjectHome    = "home"
	subjectSection = "home_section"
	subjectPage    = "page"
	subjectLanding = "landing_page"
)

func sectionValues(name string, order int, desktop, mobile bool, products, categories []uint64) map[string]any {
	return map[string]any{"name": name, "sort_order": order, "show_desktop": desktop, "show_mobile": mobile,
		"product_ids": products, "category_ids": categories}
}

func pageValues(p Page) map[string]any {
	return map[string]any{"slug": p.Slug, "title_sr": p.TitleSr, "title_en": p.TitleEn, "body_sr": p.BodySr, "body_en": p.BodyEn}
}

func bannerValues(b Banner) map[string]any {
	return map[string]any{"name": b.Name, "position": b.Position, "sort_order": b.SortOrder, "link": b.Link,
		"category_id": b.CategoryID, "brand_id": b.BrandID, "product_ids": b.ProductIDs,
		"image": b.ImageKey != "", "mobile_image": b.MobileImageKey != ""}
}

func newsValues(n News) map[string]any {
	return map[string]any{"title": n.Title, "body": n.Body, "image": n.ImageKey != ""}
}

func landingValues(p LandingPage) map[string]any {
	return map[string]any{"name": p.Name, "slug": p.Slug, "model_id": p.ModelID, "catalog_sticker_type_id": p.CatalogStickerTypeID,
		"top_description": p.TopDescription, "bottom_description": p.BottomDescription,
		"cards": []string{p.Card1, p.Card2, p.Card3, p.Card4}, "link": p.Link, "banner": p.BannerKey != "",
		"product_ids": p.ProductIDs, "category_ids": p.CategoryIDs}
}
