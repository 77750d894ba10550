package content

// The admin forms' checks, for content written without a form (the demo shop): what the
// admin would refuse on the next save.

// ValidatePage checks a static page's form as the admin does.
func ValidatePage(in PageInput) error { return checkPage(&in) }

// ValidateNews checks a news item's form as the admin does.
func ValidateNews(in NewsInput) error { return checkNews(&in) }
