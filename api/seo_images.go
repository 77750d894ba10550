package api

import (
	"bufio"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"shop/internal/catalog"
	"shop/internal/platform/apperr"
	"shop/internal/platform/httpx"
)

// imageWidthPath is where the width variants of stored images are served: /media-w/{width}/{key}.
const imageWidthPath = "/media-w/"

type imageWidthHandlers struct{ cat *catalog.Service }

// get godoc
//
//	@Summary		A stored image at one of the srcset widths (240, 480, 960)
//	@Description	Made from the stored large variant on the first request (under the image decode budget) and kept; a narrower source is not enlarged. The storefront's image objects carry these URLs in `srcset`.
//	@Tags			media
//	@Produce		octet-stream
//	@Param			width	path		int		true	"width in pixels"	Enums(240, 480, 960)
//	@Param			key		path		string	true	"object key of the source image"
//	@Success		200		{file}		binary
//	@Failure		404		{object}	httpx.ErrorResponse
//	@Router			/media-w/{width}/{key} [get]
func (h imageWidthHandlers) get(c *gin.Context) {
	width, err := strconv.Atoi(c.Param("width"))
	if err != nil {
		httpx.Fail(c, apperr.NotFoundThing("object"))
		return
	}
	key := strings.TrimPrefix(c.Param("key"), "/")
	rc, info, err := h.cat.ImageWidth(c.Request.Context(), key, width)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	defer rc.Close()
	// The variants are JPEG or PNG (catalog's encodeVariant); the type comes from the bytes.
	head := bufio.NewReaderSize(rc, 512)
	peek, _ := head.Peek(512)
	ctype := http.DetectContentType(peek)
	if ctype != "image/png" && ctype != "image/jpeg" {
		httpx.Fail(c, apperr.NotFoundThing("object"))
		return
	}
	size := info.Size
	if size <= 0 {
		size = -1
	}
	// A source key is never reused, so neither is its variant's URL.
	c.Header("Cache-Control", "public, max-age=31536000, immutable")
	c.DataFromReader(http.StatusOK, size, ctype, head, nil)
}

// imageSrcset is the srcset of a stored image: its width variants by their widths.
func imageSrcset(key string) string {
	if key == "" {
		return ""
	}
	parts := make([]string, len(catalog.ImageWidths))
	for i, w := range catalog.ImageWidths {
		parts[i] = fmt.Sprintf("%s%d/%s %dw", imageWidthPath, w, key, w)
	}
	return strings.Join(parts, ", ")
}
