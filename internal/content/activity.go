package content

// Activity entries of the banners and news (closing gaps of issue 16 item 11). Images are
// named by whether there is one (the stored keys are storage details, not history).
const (
	ActivityBannerCreated = "banner.created"
	ActivityBannerUpdated = "banner.updated"
	ActivityBannerDeleted = "banner.deleted"
	ActivityNewsCreated   = "news.created"
	ActivityNewsUpdated   = "news.updated"
	ActivityNewsDeleted   = "news.deleted"

	subjectBanner = "banner"
	subjectNews   = "news"
)

func bannerValues(b Banner) map[string]any {
	return map[string]any{"name": b.Name, "position": b.Position, "sort_order": b.SortOrder, "link": b.Link,
		"category_id": b.CategoryID, "brand_id": b.BrandID, "product_ids": b.ProductIDs,
		"image": b.ImageKey != "", "mobile_image": b.MobileImageKey != ""}
}

func newsValues(n News) map[string]any {
	return map[string]any{"title": n.Title, "body": n.Body, "image": n.ImageKey != ""}
}
