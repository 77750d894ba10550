package catalog

import "testing"

func TestFold(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Frižider", "frizider"},
		{"ČOKOLADA ćevap", "cokolada cevap"},
		{"Šporet Žuti", "sporet zuti"},
		{"Đorđe", "djordje"},
		{"ĐAK", "djak"},
		{"Laptop HP 15s-FQ5", "laptop hp 15s-fq5"},
		{"", ""},
		{"50% off_x", "50% off_x"},
	}
	for _, tt := range tests {
		if got := Fold(tt.in); got != tt.want {
			t.Errorf("Fold(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSlugify(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Frižider Gorenje NRK 6192", "frizider-gorenje-nrk-6192"},
		{"  Laptop -- HP 15\" (2024)  ", "laptop-hp-15-2024"},
		{"Đak/Škola", "djak-skola"},
		{"Ω", ""},
	}
	for _, tt := range tests {
		if got := Slugify(tt.in); got != tt.want {
			t.Errorf("Slugify(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
