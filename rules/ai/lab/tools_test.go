package lab

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
)

// The tools (mortain-lab) stop when their context is done, at their
// full default sizes, and print nothing after: a stopped run does not pass
// off a figure of fewer games as the real one.
func TestToolsStopWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	suiteScan := DefaultTuneSuite()
	suiteScan.ScanOnly = true
	robustTune := DefaultTuneRobust()
	robustTune.Tune = true
	for name, run := range map[string]func(io.Writer) error{
		"value":        func(w io.Writer) error { return FitValueModel(ctx, w, DefaultFitValue()) },
		"german":       func(w io.Writer) error { return TuneGerman(ctx, w, DefaultTuneGerman()) },
		"german-tune":  func(w io.Writer) error { return TuneGermanRobust(ctx, w, robustTune) },
		"german-suite": func(w io.Writer) error { return TuneGermanSuite(ctx, w, DefaultTuneSuite()) },
		"suite-scan":   func(w io.Writer) error { return TuneGermanSuite(ctx, w, suiteScan) },
		"setups":       func(w io.Writer) error { return SearchUSSetups(ctx, w, DefaultSearchSetups()) },
		"setup-play":   func(w io.Writer) error { return PlayFoundSetup(ctx, w, DefaultPlaySetup()) },
		"setup-suite":  func(w io.Writer) error { return SearchSetupSuite(ctx, w, DefaultSetupSuiteSearch()) },
		"budget":       func(w io.Writer) error { return BudgetAgreement(ctx, w, DefaultBudget()) },
		"wait":         func(w io.Writer) error { return PersonWait(ctx, w, DefaultWait()) },
		"tactics-show": func(w io.Writer) error { return ShowTactics(ctx, w, "") },
		"sparring":     func(w io.Writer) error { return RunSparring(ctx, w, DefaultSparring()) },
	} {
		var out bytes.Buffer
		if err := run(&out); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: %v, want context.Canceled", name, err)
		}
		if out.Len() > 0 {
			t.Errorf("%s printed after it was stopped:\n%s", name, out.String())
		}
	}
}
