package testenv

import "testing"

// Only 1 or true turn the long tests on: MORTAIN_LONG=0 used to turn them
// on, as any value did.
func TestLongOnlyForOneOrTrue(t *testing.T) {
	for v, want := range map[string]bool{
		"": false, "0": false, "false": false, "FALSE": false, "no": false, "off": false, "2": false, "yes": false,
		"1": true, "true": true, "TRUE": true, "True": true, " 1 ": true,
	} {
		t.Setenv(LongEnv, v)
		if got := Long(); got != want {
			t.Errorf("%s=%q: Long() = %v, want %v", LongEnv, v, got, want)
		}
	}
}
