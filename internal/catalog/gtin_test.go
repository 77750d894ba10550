package catalog

import "testing"

func TestGTIN(t *testing.T) {
	for _, c := range []struct{ in, want string }{{"8606012345678", "8606012345678"}, {"12345670", "12345670"},
		{" 12345670 ", "12345670"}, {"3838782", ""}, {"86060123456AB", ""}, {"", ""}} {
		if got := GTIN(c.in); got != c.want {
			t.Errorf("GTIN(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
