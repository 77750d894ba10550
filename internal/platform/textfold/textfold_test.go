package textfold

import "testing"

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"Frižider": "frizider", "ČAĆŠŽ": "cacsz", "Đak": "djak", "tv 55\"": "tv 55\""} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}
