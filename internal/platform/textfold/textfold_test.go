package textfold

import "testing"

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"Frižider": "frizider", "ČAĆŠŽ": "cacsz", "Đak": "djak", "tv 55\"": "tv 55\"",
		// Cyrillic as the storefront search reads it: the admin's pickers find "laptop" for "лаптоп"
		"лаптоп": "laptop", "Фрижидер": "frizider", "Џеп Љиљан": "dzep ljiljan"} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}
