package api

import (
	"strings"

	"github.com/gin-gonic/gin"

	"shop/internal/platform/httpcache"
)

// publicCachedPaths are the storefront's public reads (relative to /api/v1) that get the ETag,
// the short public Cache-Control and 304s (httpcache.Public). A route table entry is cached
// when it is a GET without login under one of these; new storefront calls under these paths
// are cached without touching their handlers.
var publicCachedPaths = []string{"/products", "/categories", "/search", "/autocomplete", "/banners", "/banner-positions", "/home",
	"/news", "/pages", "/catalog-stickers", "/landing-pages", "/actions"}

// publicCached tells whether a route gets the public caching middleware.
func publicCached(rt Route) bool {
	if rt.Method != "GET" || rt.Auth || rt.Admin() {
		return false
	}
	for _, p := range publicCachedPaths {
		if rt.Path == p || strings.HasPrefix(rt.Path, p+"/") {
			return true
		}
	}
	return false
}

// cacheChain is the caching middleware of a route (none for routes that are not public reads).
func cacheChain(rt Route) []gin.HandlerFunc {
	if publicCached(rt) {
		return []gin.HandlerFunc{httpcache.Public()}
	}
	return nil
}
