package sales

import (
	"regexp"
	"strings"
)

// ValidPIB tells whether s is a Serbian tax id (PIB): nine digits, the last the check digit of
// the first eight by ISO 7064 MOD 11,10 (the rule the Tax Administration uses).
func ValidPIB(s string) bool {
	if len(s) != 9 {
		return false
	}
	p := 10
	for i := 0; i < 9; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	for i := 0; i < 8; i++ {
		sum := (int(s[i]-'0') + p) % 10
		if sum == 0 {
			sum = 10
		}
		p = (2 * sum) % 11
	}
	return (11-p)%10 == int(s[8]-'0')
}

// phoneShape: digits with the usual separators, an optional leading +, 6 to 15 digits in all.
var phoneShape = regexp.MustCompile(`^\+?[0-9 ()/.-]+$`)

// ValidPhone tells whether s looks like a phone number (+381 64 123 4567, 011/123-4567).
func ValidPhone(s string) bool {
	if !phoneShape.MatchString(s) {
		return false
	}
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n >= 6 && n <= 15
}

// postCode: a Serbian post code, five digits.
var postCode = regexp.MustCompile(`^[0-9]{5}$`)

// ValidPostCode tells whether s is a Serbian post code (five digits).
func ValidPostCode(s string) bool { return postCode.MatchString(strings.TrimSpace(s)) }
