// Package imagefiletest makes images for tests of the upload path: decompression bombs that
// are small files and quick to make.
package imagefiletest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"testing"
)

// UniformPNG is a w x h RGBA PNG of transparent black, 8 or 16 bits a sample, written directly
// (no w x h bitmap is ever built): its rows of zeros compress about 800:1, so a 16-bit
// 6324 x 6324 one is a file of about 390 KB that decodes to 320 MB. Making one takes a second
// or two (zlib's fastest level): tests make it once.
func UniformPNG(tb testing.TB, w, h, depth int) []byte {
	tb.Helper()
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		out.Write(binary.BigEndian.AppendUint32(nil, uint32(len(data))))
		crc := crc32.NewIEEE()
		crc.Write([]byte(typ))
		crc.Write(data)
		out.WriteString(typ)
		out.Write(data)
		out.Write(binary.BigEndian.AppendUint32(nil, crc.Sum32()))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = byte(depth), 6 // bit depth; colour type RGBA
	chunk("IHDR", ihdr)
	var idat bytes.Buffer
	zw, err := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	if err != nil {
		tb.Fatal(err)
	}
	row := make([]byte, 1+w*4*depth/8) // filter byte "none", then the samples
	for y := 0; y < h; y++ {
		if _, err := zw.Write(row); err != nil {
			tb.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}
